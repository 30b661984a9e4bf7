import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * How many messages from others the user has not read: in each chat they take part in, the
 * messages sent by someone else after the user's `last_read_at` (all of them when never read).
 * One indexed pass: the participant rows by user, then each chat's messages by time.
 */
export async function unreadMessageCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    sql`select count(*) as n
          from chat_participant p
          join message m on m.chat_id = p.chat_id
         where p.user_id = ${userId}
           and m.sender_id <> ${userId}
           and (p.last_read_at is null or m.created_at > p.last_read_at)`,
  );
  return row?.n ?? 0;
}
