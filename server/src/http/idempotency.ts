import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_TTL_MS,
  IDEMPOTENT_REPLAY_HEADER,
} from '@fm/sdk/contracts';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKey } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

/**
 * The POSTs that create or charge: booking, payment methods, subscribing, chats and messages, the
 * admin's creates and the manual charge run. Only these honour `Idempotency-Key`.
 */
export const IDEMPOTENT_ROUTES: readonly RegExp[] = [
  /^\/api\/session\/?$/,
  /^\/api\/users\/payment-method\/?$/,
  /^\/api\/users\/(subscribe|reactivate-subscription|cron-manual-trigger)$/,
  /^\/api\/chats\/?$/,
  /^\/api\/chats\/[^/]+\/messages$/,
  /^\/api\/admin\/(users|franchises|promotions)$/,
  /^\/api\/admin\/franchisors\/[^/]+\/add\/[^/]+$/,
];

export interface IdempotencyOptions {
  db: Db;
  now: () => Date;
  /** How long a second request waits for the first one's answer before answering 409. */
  waitMs?: number;
  /** How often it looks. */
  pollMs?: number;
}

const hashOf = (method: string, path: string, body: string) =>
  createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex');

/**
 * Honours `Idempotency-Key` on the routes of `IDEMPOTENT_ROUTES` for signed-in callers: the first
 * request runs and its answer (below 500) is stored per caller and key for 24 hours; a repeat with
 * the same method, path and body replays it; a different request with the key is 422; a repeat
 * while the first still runs waits for it. Thrown errors and 5xx answers are not stored, so a
 * retry runs again. Mounted after the session middleware.
 *
 * @example
 * api.use('*', idempotency({ db, now }));
 */
export function idempotency(options: IdempotencyOptions) {
  const { db, now } = options;
  const waitMs = options.waitMs ?? 15_000;
  const pollMs = options.pollMs ?? 50;

  const find = (ownerId: string, key: string) =>
    db.query.idempotencyKey.findFirst({
      where: and(eq(idempotencyKey.ownerId, ownerId), eq(idempotencyKey.key, key)),
    });

  /** Claims the key for this request; false when another request holds it. */
  async function claim(ownerId: string, key: string, requestHash: string): Promise<boolean> {
    const at = now();
    // An expired answer no longer counts.
    await db
      .delete(idempotencyKey)
      .where(
        and(
          eq(idempotencyKey.ownerId, ownerId),
          eq(idempotencyKey.key, key),
          lt(idempotencyKey.expiresAt, at),
        ),
      );
    const inserted = await db
      .insert(idempotencyKey)
      .values({
        ownerId,
        key,
        requestHash,
        createdAt: at,
        expiresAt: new Date(at.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKey.key });
    return inserted.length === 1;
  }

  const release = (ownerId: string, key: string) =>
    db
      .delete(idempotencyKey)
      .where(
        and(
          eq(idempotencyKey.ownerId, ownerId),
          eq(idempotencyKey.key, key),
          isNull(idempotencyKey.status),
        ),
      );

  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    const user = c.get('user');
    if (
      key === undefined ||
      !user ||
      c.req.method !== 'POST' ||
      !IDEMPOTENT_ROUTES.some((route) => route.test(c.req.path)) ||
      (c.req.header('content-type') ?? '').startsWith('multipart/form-data')
    ) {
      return next();
    }
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'The Idempotency-Key must be 8 to 255 visible characters',
        errors: { [IDEMPOTENCY_HEADER]: 'The Idempotency-Key must be 8 to 255 visible characters' },
      });
    }
    // Read once; Hono keeps it for the handler's own json().
    const body = await c.req.text();
    // Reading the text used up the raw stream; a later raw reader (a route's body cap, when the
    // request came without a content-length) gets a fresh copy instead of a locked stream (a 500).
    c.req.raw = new Request(c.req.raw, { body });
    const requestHash = hashOf(c.req.method, c.req.path, body);
    const deadline = Date.now() + waitMs;

    for (;;) {
      if (await claim(user.id, key, requestHash)) break;
      const stored = await find(user.id, key);
      if (!stored) continue; // The holder failed and let go: try to claim it again.
      if (stored.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (stored.status !== null) {
        c.header(IDEMPOTENT_REPLAY_HEADER, 'true');
        return c.body(stored.body ?? '', stored.status as 200, {
          'content-type': stored.contentType ?? 'application/json',
        });
      }
      if (Date.now() >= deadline) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }

    try {
      await next();
    } catch (error) {
      await release(user.id, key);
      throw error;
    }
    const res = c.res;
    if (res.status >= 500) {
      await release(user.id, key);
      return;
    }
    const text = await res.clone().text();
    await db
      .update(idempotencyKey)
      .set({
        status: res.status,
        contentType: res.headers.get('content-type'),
        body: text,
      })
      .where(and(eq(idempotencyKey.ownerId, user.id), eq(idempotencyKey.key, key)));
  });
}

/**
 * Deletes remembered answers past their 24 hours; answers how many.
 *
 * @example
 * await pruneIdempotencyKeys(db, new Date());
 */
export async function pruneIdempotencyKeys(db: Db, at: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKey)
    .where(lt(idempotencyKey.expiresAt, at))
    .returning({ key: idempotencyKey.key });
  return gone.length;
}
