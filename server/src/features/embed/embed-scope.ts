import { AUTH_HEADERS, userRoomId } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, EmbedSessionRef, SessionUser } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { meeting } from '../../db/schema/index.ts';
import { answerHeaders } from '../../http/answer-headers.ts';
import { AppError } from '../../http/errors.ts';
import { embedAccessOf } from './embed-access.ts';
import type { EmbedSessions } from './embed-sessions.ts';

/** What a rule may still check of a call (its body, the object it names) before allowing it. */
type Check = (
  c: Context<AppEnv>,
  who: { user: SessionUser; session: EmbedSessionRef },
  db: Db,
) => Promise<boolean>;

interface Rule {
  method: string;
  path: RegExp;
  check?: Check;
  /** The call signs the embed session out (answered here, not by the account's route). */
  signOut?: true;
  /** The call renews the session itself: no renewal on the way. */
  renews?: true;
}

/** `DELETE /api/session/{id}`: only a meeting this user booked through this key. */
const ownMeetingThroughKey: Check = async (c, { user, session }, db) => {
  const id = c.req.path.split('/').at(-1) ?? '';
  const row = await db.query.meeting.findFirst({
    columns: { apiKeyId: true, franchisorId: true },
    where: eq(meeting.id, id),
  });
  // An unknown meeting is the route's 404 to give.
  return !row || (row.apiKeyId === session.keyId && row.franchisorId === user.id);
};

/** `POST /api/realtime/ticket`: the user's own room and chat rooms only (never a meeting room). */
const ownRooms: Check = async (c, { user }) => {
  const body: unknown = await c.req.json().catch(() => null);
  const room =
    typeof body === 'object' && body !== null ? (body as { room?: unknown }).room : undefined;
  return typeof room === 'string' && (room === userRoomId(user.id) || room.startsWith('chat-'));
};

/**
 * Every call an embed session may make (decision 029), method + path: the calls the elements make —
 * discovery reads and favourites, public profiles, slots, booking and cancelling the user's own
 * meetings made through the key, the user's chats, notifications and promotions, the realtime
 * ticket for their own rooms — and the embed session's own renewal and sign-out. An allow-list:
 * a new route is closed to embed sessions until someone opens it here.
 */
const RULES: readonly Rule[] = [
  { method: 'GET', path: /^\/api\/(health|config)$/ },
  { method: 'GET', path: /^\/api\/users$/ },
  { method: 'GET', path: /^\/api\/users\/filters$/ },
  { method: 'GET', path: /^\/api\/users\/ai-franchisees-search$/ },
  { method: 'GET', path: /^\/api\/users\/profile\/[^/]+$/ },
  { method: 'POST', path: /^\/api\/users\/favorite-consultant$/ },
  { method: 'GET', path: /^\/api\/territory\/states(\/[^/]+\/franchisees)?$/ },
  { method: 'GET', path: /^\/api\/booking\/consultant\/[^/]+\/(slots|availability)$/ },
  { method: 'POST', path: /^\/api\/session$/ },
  { method: 'DELETE', path: /^\/api\/session\/[^/]+$/, check: ownMeetingThroughKey },
  { method: 'GET', path: /^\/api\/chats$/ },
  { method: 'POST', path: /^\/api\/chats$/ },
  { method: 'GET', path: /^\/api\/chats\/messages\/unread-count$/ },
  { method: 'POST', path: /^\/api\/chats\/upload$/ },
  { method: 'GET', path: /^\/api\/chats\/attachments\/[^/]+$/ },
  { method: 'GET', path: /^\/api\/chats\/[^/]+$/ },
  { method: 'POST', path: /^\/api\/chats\/[^/]+\/(messages|read)$/ },
  { method: 'GET', path: /^\/api\/users\/notifications$/ },
  { method: 'POST', path: /^\/api\/users\/notifications\/read$/ },
  { method: 'GET', path: /^\/api\/users\/promotions$/ },
  { method: 'POST', path: /^\/api\/realtime\/ticket$/, check: ownRooms },
  { method: 'GET', path: /^\/api\/embed\/keys\/[^/]+$/ },
  { method: 'POST', path: /^\/api\/embed\/session\/renew$/, renews: true },
  { method: 'POST', path: /^\/api\/auth\/sign-out$/, signOut: true },
];

/**
 * The rule an embed session's call falls under, or undefined (the call is refused).
 *
 * @example
 * embedRuleFor('POST', '/api/session'); // { method: 'POST', path: … }
 * embedRuleFor('PATCH', '/api/users'); // undefined
 */
export function embedRuleFor(method: string, path: string): Rule | undefined {
  // HEAD is answered as GET by the routes.
  const m = method === 'HEAD' ? 'GET' : method;
  return RULES.find((rule) => rule.method === m && rule.path.test(path));
}

/**
 * Keeps embed sessions (decision 029) to what they are for, after the embed key middleware: a request
 * signed in with an embed session must carry the very key the session was made through (else 403
 * `EMBED_SCOPE`, whatever the route), and may make only the elements' calls ({@link embedRuleFor};
 * anything else, e.g. `PATCH /api/users`, the admin API or creating API keys, is 403
 * `EMBED_SCOPE`). `POST /api/auth/sign-out` ends the embed session. A call in the session's second
 * half renews it: the new token comes back in `x-access-token`, as the SDK expects of any renewal.
 * Requests without an embed session pass untouched.
 *
 * @example
 * api.use('*', embedSessionScope({ db, sessions }));
 */
export function embedSessionScope(deps: { db: Db; sessions: EmbedSessions }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get('embedSession');
    const user = c.get('user');
    if (!session || !user) return next();
    if (embedAccessOf(c)?.keyId !== session.keyId) throw new AppError('EMBED_SCOPE');
    const rule = embedRuleFor(c.req.method, c.req.path);
    if (!rule) throw new AppError('EMBED_SCOPE');
    if (rule.check && !(await rule.check(c, { user, session }, deps.db))) {
      throw new AppError('EMBED_SCOPE');
    }
    if (rule.signOut) {
      await deps.sessions.end(session.id);
      return c.json({ ok: true as const });
    }
    if (!rule.renews && deps.sessions.dueForRenewal(session)) {
      const renewed = await deps.sessions.renew(session, user.id);
      if (renewed) answerHeaders(c).set(AUTH_HEADERS.newAccessToken, renewed.token);
    }
    return next();
  });
}
