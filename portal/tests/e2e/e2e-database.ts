import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Client, createClient } from '@libsql/client';

const root = resolve(import.meta.dirname, '../../..');

/**
 * The database of the e2e server at `baseURL` (scripts/e2e-server.mjs says where it is), for the
 * few set-ups no API may make — a meeting moved so that its room closes a few seconds into a test.
 * Close it after use.
 *
 * @example
 * const db = e2eDatabase(baseURL);
 * await db.execute({ sql: 'select 1', args: [] });
 * db.close();
 */
export function e2eDatabase(baseURL: string): Client {
  const port = new URL(baseURL).port;
  const file = join(root, '.tmp', `e2e-server-${port}.json`);
  const info: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const url =
    typeof info === 'object' && info !== null && 'databaseUrl' in info ? info.databaseUrl : null;
  if (typeof url !== 'string') throw new Error(`${file} does not name the e2e database`);
  return createClient({ url });
}

/** A meeting's booked times, as stored (epoch milliseconds). */
export interface MeetingTimes {
  id: string;
  startAt: number;
  endAt: number;
}

/**
 * A past pending meeting of the demo franchisor with the demo consultant (the seed has some; the
 * demo's running meeting is left alone), with its booked times.
 */
export async function pastDemoMeeting(db: Client): Promise<MeetingTimes> {
  const found = await db.execute({
    sql: `select m.id, m.start_at, m.end_at from meeting m
      join user c on c.id = m.consultant_id join user f on f.id = m.franchisor_id
      where c.email = 'consultant@example.com' and f.email = 'franchisor@example.com'
        and m.status = 'pending' and m.end_at < ?
      order by m.start_at desc limit 1`,
    args: [Date.now()],
  });
  const row = found.rows[0];
  if (!row) throw new Error('the seed has no past pending meeting of the demo pair');
  return { id: String(row.id), startAt: Number(row.start_at), endAt: Number(row.end_at) };
}

/** Sets a meeting's booked start and end (its length stays what was booked). */
export async function setMeetingTimes(db: Client, times: MeetingTimes): Promise<void> {
  await db.execute({
    sql: 'update meeting set start_at = ?, end_at = ? where id = ?',
    args: [times.startAt, times.endAt, times.id],
  });
}
