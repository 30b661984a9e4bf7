import { describe, expect, it } from 'vitest';
import { type ApiRoute, apiRoutes, routeKey } from '../testing/api-routes.ts';
import { changedTables } from '../testing/db-watch.ts';
import {
  ACTORS,
  type ActorName,
  type RouteWorld,
  watchedRouteWorld,
} from '../testing/route-world.ts';

/**
 * Rule 7: the authorisation matrix. Every mounted route × guest, the franchisor (who owns the world's
 * objects with the consultant), a franchisor of another franchise, the consultant, another
 * consultant and an admin, each cell as the table says:
 * - `ok`: served (2xx/3xx);
 * - `pass`: past authorisation — any answer but 401, 403, 404 and 5xx (the call's body or a rule of
 *   the domain may still refuse it, e.g. a review of a meeting not yet held);
 * - 401 / 403 / 404: exactly that (rule 7: 404 for another user's private object).
 * A refused cell must leave every table as it was and say nothing of the owners' data. A route
 * missing from the table fails the test: a new route has to be classified here.
 */

type Expect = 'ok' | 'pass' | 401 | 403 | 404;
type Cells = Record<ActorName, Expect>;

interface Row {
  cells: Cells;
  /** The path's parameters (default: the world's object the path names, see `defaultParam`). */
  params?: (world: RouteWorld) => Record<string, string>;
  /** A valid body for the owner, so that only the caller decides the answer. */
  body?: (world: RouteWorld) => unknown;
  /** A query string. */
  query?: string;
}

// ——— Profiles: most routes follow one of these.
const cells = (
  guest: Expect,
  franchisor: Expect,
  otherFranchisor: Expect,
  consultant: Expect,
  otherConsultant: Expect,
  admin: Expect,
): Cells => ({ guest, franchisor, otherFranchisor, consultant, otherConsultant, admin });
/** Anyone, signed in or not. */
const everyone = (e: Expect = 'ok') => cells(e, e, e, e, e, e);
/** Any signed-in user, each about themselves. */
const signedIn = (e: Expect = 'ok') => cells(401, e, e, e, e, e);
/** Franchisors only (consultants and admins 403). */
const franchisors = (e: Expect = 'ok', others: Expect = e) => cells(401, e, others, 403, 403, 403);
/** Consultants only. */
const consultants = (e: Expect = 'ok', others: Expect = e) => cells(401, 403, 403, e, others, 403);
/** Admins only: 403 ADMIN_ONLY to everyone else. */
const admins = (e: Expect = 'ok') => cells(401, 403, 403, 403, 403, e);
/** The franchisor's own webhook endpoint: others 404, the admin 403 (control panel routes only). */
const webhookOwner = () => cells(401, 'ok', 404, 404, 404, 403);
/** The meeting's (or chat's) two parties; others 404; the admin as given. */
const parties = (e: Expect = 'ok', admin: Expect = 404) => cells(401, e, 404, e, 404, admin);

const TABLE: Record<string, Row> = {
  // System and reference.
  'GET /api/health': { cells: everyone() },
  'GET /api/config': { cells: everyone() },
  'GET /api/openapi.json': { cells: everyone() },
  'GET /api/docs': { cells: everyone() },
  'GET /api/docs/reference.js': { cells: everyone() },
  // Accounts (better-auth and ours). Sign-up/in with an empty body: refused by validation for all.
  'POST /api/auth/sign-up/email': { cells: everyone('pass') },
  'POST /api/auth/sign-in/email': { cells: everyone('pass') },
  'GET /api/auth/me': { cells: signedIn() },
  'POST /api/auth/forgot-password': { cells: everyone('pass') },
  'POST /api/auth/reset-password': { cells: everyone('pass') },
  'POST /api/users/activate': { cells: everyone('pass') },
  'GET /api/users/profile': { cells: signedIn() },
  'PATCH /api/users/password': { cells: signedIn('pass') },
  'PATCH /api/users': { cells: signedIn() },
  // The links of a change of e-mail: the token decides (an empty body is refused for all).
  'POST /api/users/email-change/confirm': { cells: everyone('pass') },
  'POST /api/users/email-change/undo': { cells: everyone('pass') },
  'PATCH /api/users/change-stripe-email': { cells: signedIn('pass') },
  'POST /api/users/support-request': { cells: everyone('pass') },
  'POST /api/users/company-support-request': { cells: everyone('pass') },
  'POST /api/users/upload-images': { cells: signedIn('pass') },
  'POST /api/users/upload-documents': { cells: franchisors('pass') },
  'GET /api/profile': { cells: signedIn() },
  'PATCH /api/profile': { cells: signedIn('pass') },
  'PATCH /api/profile/billing-address': { cells: signedIn('pass') },
  // Calendar connection (OAuth): the callback answers the browser with a redirect whatever comes.
  'GET /api/auth/consultant/connect-calendar/callback': { cells: everyone('ok') },
  'GET /api/auth/consultant/connect-calendar': { cells: everyone('pass') },
  // A franchise's API keys (rule 18): its members only; another franchise's key is 404.
  'GET /api/users/api-keys': { cells: franchisors() },
  'POST /api/users/api-keys': {
    cells: franchisors(),
    body: () => ({ kind: 'publishable', name: 'Matrix', allowedOrigins: ['https://m.example'] }),
  },
  'PATCH /api/users/api-keys/:id': {
    cells: franchisors('ok', 404),
    body: () => ({ name: 'Renamed', allowedOrigins: ['https://partner.example'] }),
  },
  'DELETE /api/users/api-keys/:id': { cells: franchisors('ok', 404) },
  // Webhook endpoints (rule 21): a franchise's members and consultants, each their own (another
  // owner's is 404); admins only through the control panel's routes.
  'GET /api/webhooks/endpoints': { cells: cells(401, 'ok', 'ok', 'ok', 'ok', 403) },
  'POST /api/webhooks/endpoints': {
    cells: cells(401, 'ok', 'ok', 'ok', 'ok', 403),
    body: () => ({ url: 'http://127.0.0.1:9/matrix', events: ['meeting.booked'] }),
  },
  'PATCH /api/webhooks/endpoints/:id': {
    cells: webhookOwner(),
    body: () => ({ description: 'From the matrix' }),
  },
  'DELETE /api/webhooks/endpoints/:id': { cells: webhookOwner() },
  'POST /api/webhooks/endpoints/:id/rotate-secret': { cells: webhookOwner() },
  'POST /api/webhooks/endpoints/:id/test': { cells: webhookOwner() },
  'GET /api/webhooks/endpoints/:id/deliveries': { cells: webhookOwner() },
  'POST /api/webhooks/deliveries/:id/replay': { cells: webhookOwner() },
  'GET /api/embed/keys/:key': { cells: everyone() },
  // decision 029: the popup's sign-in (an empty body is refused by validation for all); consent and
  // renewal need an embed session, which no account's token is (embed-sessions.test.ts).
  'POST /api/embed/sign-in': { cells: everyone('pass') },
  'POST /api/embed/consent': { cells: everyone(401) },
  'POST /api/embed/session/renew': { cells: everyone(401) },
  // Public profiles and private files (a private file only for who may see it).
  'GET /api/users/profile/:id': { cells: everyone() },
  'GET /api/files/:id': { cells: cells(401, 'ok', 404, 404, 404, 'ok') },
  // Discovery.
  'GET /api/users': { cells: signedIn() },
  'GET /api/users/filters': { cells: signedIn() },
  'POST /api/users/favorite-consultant': {
    cells: cells(401, 'ok', 'ok', 403, 403, 'ok'),
    body: (w) => ({ consultantId: w.actors.consultant.id }),
  },
  'POST /api/users/favorite-franchisor': {
    cells: consultants(),
    body: (w) => ({ franchisorId: w.actors.franchisor.id }),
  },
  'GET /api/users/ai-franchisees-search': { cells: signedIn('pass') },
  'GET /api/territory/states': { cells: signedIn() },
  'GET /api/territory/states/:code/franchisees': { cells: signedIn() },
  // The consultant's calendar settings, each their own.
  'GET /api/users/calendars': { cells: consultants() },
  'PATCH /api/users/calendars': { cells: consultants() },
  'POST /api/users/calendars/connect-url': { cells: consultants('pass') },
  'DELETE /api/users/calendars/connections/:provider': { cells: consultants() },
  'GET /api/users/calendars/feed': { cells: signedIn() },
  'POST /api/users/calendars/feed/rotate': { cells: signedIn() },
  // The feed's file name is its secret (a capability URL for calendar apps): who has it reads it.
  'GET /api/calendar/feed/:file': { cells: everyone() },
  'GET /api/booking/consultant/:id/slots': {
    cells: everyone(),
    query: 'date=2030-01-07&timezone=America/New_York',
  },
  'GET /api/booking/consultant/:id/availability': {
    cells: everyone(),
    query: 'month=2030-01&timezone=America/New_York',
  },
  // Meetings: the two parties; admins read them through /api/admin/sessions.
  'POST /api/session': { cells: cells(401, 'pass', 'pass', 'pass', 'pass', 403) },
  'GET /api/session': { cells: cells(401, 'ok', 'ok', 'ok', 'ok', 403) },
  // None completed in the world: each party's own answer is 404 (nothing to show).
  'GET /api/session/latest-completed': { cells: cells(401, 404, 404, 404, 404, 403) },
  'GET /api/session/:id': { cells: parties('ok', 403) },
  'PATCH /api/session/:id': {
    cells: cells(401, 403, 404, 'pass', 404, 403),
    body: () => ({ status: 'declined', duration: 15, dateTime: new Date().toISOString() }),
  },
  'DELETE /api/session/:id': { cells: cells(401, 'pass', 404, 403, 404, 403) },
  'POST /api/session/:id/review': {
    cells: cells(401, 'pass', 404, 403, 404, 403),
    body: () => ({ rating: 5, comment: 'Great' }),
  },
  'POST /api/session/:id/review-request': { cells: cells(401, 403, 404, 'pass', 404, 403) },
  // Rule 20: either party proposes; the world has no proposal, so answering one is 404 for all.
  'GET /api/session/:id/reschedule-requests': { cells: parties('ok', 403) },
  'POST /api/session/:id/reschedule-requests': {
    cells: parties('pass', 403),
    body: () => ({ starts: ['2030-01-08T15:00:00.000Z'] }),
  },
  'POST /api/session/:id/reschedule-requests/:requestId/accept': {
    cells: cells(401, 404, 404, 404, 404, 403),
    body: () => ({ start: '2030-01-08T15:00:00.000Z' }),
  },
  'POST /api/session/:id/reschedule-requests/:requestId/decline': {
    cells: cells(401, 404, 404, 404, 404, 403),
  },
  // Rule 20: the world's meeting is not charged, so its franchisor's dispute is refused by the
  // domain (409), and there is no dispute to reply to (404 for all).
  'GET /api/session/:id/dispute': { cells: parties('ok', 403) },
  'POST /api/session/:id/dispute': {
    cells: cells(401, 'pass', 404, 403, 403, 403),
    body: () => ({ reason: 'ended_early', text: 'It ended early.' }),
  },
  'POST /api/session/:id/dispute/replies': {
    cells: cells(401, 404, 404, 404, 404, 403),
    body: () => ({ body: 'A reply.' }),
  },
  'GET /api/session/:id/room': { cells: parties('ok') },
  'GET /api/session/:id/presence': { cells: parties('ok') },
  'POST /api/session/:id/no-show': { cells: cells(401, 'pass', 404, 403, 404, 404) },
  // Money: cards and subscription are the franchise's; payouts the consultant's.
  'POST /api/users/payment-method': {
    cells: franchisors(),
    body: () => ({ paymentMethodId: 'pm_card_mastercard' }),
  },
  'POST /api/users/payment-method/setup-intent': { cells: franchisors('pass') },
  'GET /api/users/payment-method': { cells: franchisors() },
  'PATCH /api/users/payment-method/:id': {
    cells: franchisors('ok', 404),
    body: () => ({ isDefault: true }),
  },
  'DELETE /api/users/payment-method/:id': { cells: franchisors('pass', 404) },
  'GET /api/users/payments': { cells: signedIn() },
  'GET /api/users/payments-total': { cells: signedIn() },
  'GET /api/users/payments-graph': { cells: signedIn() },
  'GET /api/users/subscription': { cells: franchisors() },
  'POST /api/users/validate-promo-code': { cells: franchisors('pass') },
  'POST /api/users/subscribe': { cells: franchisors('pass') },
  'POST /api/users/unsubscribe': { cells: franchisors('pass') },
  'POST /api/users/reactivate-subscription': { cells: franchisors('pass') },
  'POST /api/users/cron-manual-trigger': { cells: admins() },
  'GET /api/users/payouts': { cells: consultants() },
  'GET /api/users/payouts/account': { cells: consultants() },
  'POST /api/users/payouts/connect': { cells: consultants('pass') },
  'GET /api/users/payouts/:id/statement.csv': { cells: consultants('ok', 404) },
  'GET /api/users/late-cancellations': { cells: consultants() },
  'POST /api/users/payments/:id/late-cancellation': {
    cells: consultants('ok', 404),
    params: (w) => ({ id: w.ids.latePayment }),
    body: () => ({ decision: 'reschedule' }),
  },
  // Rule 20 after a late cancellation: its consultant proposes, its franchisor answers (the world
  // has no proposal, so answering one is 404 for the franchisors).
  'POST /api/users/payments/:id/reschedule-requests': {
    cells: consultants('pass', 404),
    params: (w) => ({ id: w.ids.latePayment }),
    body: () => ({ starts: ['2030-01-08T15:00:00.000Z'] }),
  },
  'GET /api/users/late-cancellations/reschedule-requests': { cells: franchisors() },
  'POST /api/users/late-cancellations/:paymentId/reschedule-requests/:requestId/accept': {
    cells: franchisors(404),
    params: (w) => ({ paymentId: w.ids.latePayment, requestId: 'none' }),
    body: () => ({ start: '2030-01-08T15:00:00.000Z' }),
  },
  'POST /api/users/late-cancellations/:paymentId/reschedule-requests/:requestId/decline': {
    cells: franchisors(404),
    params: (w) => ({ paymentId: w.ids.latePayment, requestId: 'none' }),
  },
  // Signed by Stripe, not by a user (ledger mode: not there).
  'POST /api/stripe/webhook': { cells: everyone(404) },
  // Chats: the participants only.
  'GET /api/chats/messages/unread-count': { cells: signedIn() },
  'GET /api/chats': { cells: signedIn() },
  'POST /api/chats': {
    cells: cells(401, 'pass', 'pass', 'pass', 'pass', 403),
    body: (w) => ({ participants: [w.actors.consultant.id] }),
  },
  'POST /api/chats/upload': { cells: signedIn('pass') },
  'GET /api/chats/attachments/:id': { cells: parties() },
  'GET /api/chats/:id': { cells: parties() },
  'POST /api/chats/:id/messages': { cells: parties(), body: () => ({ text: 'From the matrix' }) },
  'POST /api/chats/:id/read': { cells: parties() },
  // Notifications: marking another user's notification read changes nothing (checked below).
  'GET /api/users/notifications': { cells: signedIn() },
  'POST /api/users/notifications/read': {
    cells: signedIn(),
    body: (w) => ({ ids: [w.ids.notification] }),
  },
  // Realtime: a ticket only for a room of one's own; the room server's calls need its secret.
  'POST /api/realtime/ticket': {
    cells: parties('ok'),
    body: (w) => ({ room: `chat-${w.ids.chat}` }),
  },
  'POST /api/realtime/redeem': { cells: everyone(403) },
  'POST /api/realtime/presence': { cells: everyone(403) },
  'GET /api/users/promotions': { cells: signedIn() },
  // The control panel: admins only (admin-panel §6), whatever the object.
  'GET /api/admin/franchises/:id/api-keys': { cells: admins() },
  'POST /api/admin/franchises/:id/api-keys': {
    cells: admins(),
    body: () => ({ kind: 'publishable', name: 'Admin', allowedOrigins: ['https://a.example'] }),
  },
  'PATCH /api/admin/franchises/:id/api-keys/:keyId': {
    cells: admins(),
    params: (w) => ({ id: w.ids.franchiseId, keyId: w.ids.apiKey }),
    body: () => ({ name: 'Renamed by an admin' }),
  },
  'DELETE /api/admin/franchises/:id/api-keys/:keyId': {
    cells: admins(),
    params: (w) => ({ id: w.ids.franchiseId, keyId: w.ids.apiKey }),
  },
  'GET /api/admin/franchises/:id/webhooks/endpoints': { cells: admins() },
  'POST /api/admin/franchises/:id/webhooks/endpoints': {
    cells: admins(),
    body: () => ({ url: 'http://127.0.0.1:9/admin', events: ['charge.failed'] }),
  },
  'PATCH /api/admin/webhooks/endpoints/:id': {
    cells: admins(),
    body: () => ({ description: 'Changed by an admin' }),
  },
  'DELETE /api/admin/webhooks/endpoints/:id': {
    cells: admins(),
    params: (w) => ({ id: w.ids.spareWebhookEndpoint }),
  },
  'POST /api/admin/webhooks/endpoints/:id/rotate-secret': { cells: admins() },
  'POST /api/admin/webhooks/endpoints/:id/test': { cells: admins() },
  'GET /api/admin/webhooks/endpoints/:id/deliveries': { cells: admins() },
  'POST /api/admin/webhooks/deliveries/:id/replay': { cells: admins() },
  'GET /api/admin/dashboard': { cells: admins() },
  'GET /api/admin/dashboard-graph': { cells: admins(), query: 'type=meetings&period=week' },
  'GET /api/admin/consultants/download': { cells: admins() },
  'GET /api/admin/franchises/download': { cells: admins() },
  'GET /api/admin/bookings/download': { cells: admins() },
  'GET /api/admin/payments/download': { cells: admins() },
  'GET /api/admin/brand-names/download': { cells: admins() },
  'GET /api/admin/users': { cells: admins('pass') },
  'GET /api/admin/users/:id': { cells: admins() },
  'POST /api/admin/users': { cells: admins('pass') },
  'PATCH /api/admin/users/:id': { cells: admins() },
  'DELETE /api/admin/users/:id': { cells: admins(), params: (w) => ({ id: w.ids.spareUser }) },
  'POST /api/admin/users/:id/activation-link': { cells: admins('pass') },
  'GET /api/admin/franchisors': { cells: admins() },
  'POST /api/admin/franchisors/:franchisorId/add/:franchiseId': {
    cells: admins(),
    params: (w) => ({
      franchisorId: w.actors.otherFranchisor.id,
      franchiseId: w.ids.otherFranchiseId,
    }),
  },
  'GET /api/admin/franchises': { cells: admins() },
  'GET /api/admin/franchises/:id': { cells: admins() },
  'POST /api/admin/franchises': { cells: admins('pass') },
  'PATCH /api/admin/franchises/:id': { cells: admins() },
  'DELETE /api/admin/franchises/:id': {
    cells: admins(),
    params: (w) => ({ id: w.ids.spareFranchiseId }),
  },
  'PATCH /api/admin/franchises/:id/billing-address': { cells: admins('pass') },
  'GET /api/admin/payment-methods/:id': { cells: admins('pass') },
  'GET /api/admin/sessions': { cells: admins() },
  'GET /api/admin/sessions/:id': { cells: admins() },
  'GET /api/admin/payments': { cells: admins() },
  'GET /api/admin/disputes': { cells: admins() },
  'GET /api/admin/disputes/download': { cells: admins() },
  'GET /api/admin/disputes/:id': { cells: admins(404), params: () => ({ id: 'no-such-dispute' }) },
  'POST /api/admin/disputes/:id/decision': {
    cells: admins(404),
    params: () => ({ id: 'no-such-dispute' }),
    body: () => ({ decision: 'reject' }),
  },
  'GET /api/admin/promotions': { cells: admins() },
  'POST /api/admin/promotions': { cells: admins('pass') },
  'PATCH /api/admin/promotions/:id': { cells: admins() },
  'DELETE /api/admin/promotions/:id': { cells: admins() },
  'GET /api/admin/brand-names': { cells: admins() },
  // No brand name in the world: the admin passes the guard and finds none.
  'PATCH /api/admin/brand-names/:id': { cells: cells(401, 403, 403, 403, 403, 404) },
  'GET /api/admin/requests': { cells: admins('pass') },
  'GET /api/admin/audit': { cells: admins('pass') },
  // The caller's own session and account, last (they end the caller's credentials).
  'POST /api/auth/sign-out': { cells: everyone() },
  // An admin's account is not deleted from the user area.
  'DELETE /api/users': { cells: cells(401, 'ok', 'ok', 'ok', 'ok', 403) },
};

/** Routes whose allowed calls change what later rows read: they run last, in this order. */
const LAST = [
  // Settles the world's late cancellation, which its reschedule routes need open.
  'POST /api/users/payments/:id/late-cancellation',
  'POST /api/users/calendars/feed/rotate',
  'POST /api/session/:id/no-show',
  'PATCH /api/session/:id',
  'DELETE /api/session/:id',
  'DELETE /api/users/payment-method/:id',
  'DELETE /api/users/api-keys/:id',
  'DELETE /api/admin/franchises/:id/api-keys/:keyId',
  'DELETE /api/admin/webhooks/endpoints/:id',
  'DELETE /api/webhooks/endpoints/:id',
  'DELETE /api/admin/promotions/:id',
  'DELETE /api/users',
  'POST /api/auth/sign-out',
];

/** Which of the world's objects a path parameter names, by the path it is in. */
function defaultParam(path: string, world: RouteWorld): string {
  const { ids, actors } = world;
  const byPrefix: [string, string][] = [
    ['/api/users/api-keys/', ids.apiKey],
    ['/api/webhooks/endpoints/', ids.webhookEndpoint],
    ['/api/webhooks/deliveries/', ids.webhookDelivery],
    ['/api/admin/webhooks/endpoints/', ids.webhookEndpoint],
    ['/api/admin/webhooks/deliveries/', ids.webhookDelivery],
    ['/api/embed/keys/', ids.publishableKey],
    ['/api/users/profile/', actors.consultant.id],
    ['/api/files/', ids.document],
    ['/api/territory/states/', 'NY'],
    ['/api/users/calendars/connections/', 'google'],
    ['/api/booking/consultant/', actors.consultant.id],
    ['/api/session/', ids.meeting],
    ['/api/calendar/feed/', ids.feedFile],
    ['/api/users/payment-method/', ids.paymentMethod],
    ['/api/users/payouts/', ids.payout],
    ['/api/users/payments/', ids.payment],
    ['/api/chats/attachments/', ids.attachment],
    ['/api/chats/', ids.chat],
    ['/api/admin/users/', actors.otherConsultant.id],
    ['/api/admin/franchises/', ids.franchiseId],
    ['/api/admin/payment-methods/', ids.franchiseId],
    ['/api/admin/sessions/', ids.meeting],
    ['/api/admin/promotions/', ids.promotion],
  ];
  return byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'no-such-id';
}

function requestOf(route: ApiRoute, row: Row, world: RouteWorld) {
  const params = row.params?.(world) ?? {};
  const path = route.path.replace(
    /:([A-Za-z]+)/g,
    (_, name: string) => params[name] ?? defaultParam(route.path, world),
  );
  const body = route.method === 'GET' ? undefined : JSON.stringify(row.body?.(world) ?? {});
  return { url: `http://localhost${path}${row.query ? `?${row.query}` : ''}`, body };
}

const refusal = (e: Expect) => e === 401 || e === 403 || e === 404;

function meets(status: number, e: Expect): boolean {
  if (e === 'ok') return status < 400;
  if (e === 'pass') return status < 500 && status !== 401 && status !== 403 && status !== 404;
  return status === e;
}

/** Tables a refused call may write (see the fuzz's list). */
const WRITES_ON_REFUSAL = new Set(['rate_limit']);

const watched = watchedRouteWorld();

describe('authorisation matrix (rule 7)', () => {
  it('classifies every mounted route, and nothing that is not mounted', () => {
    const { world } = watched;
    const mounted = apiRoutes(world.server.container.app).map(routeKey);
    expect(
      mounted.filter((key) => !(key in TABLE)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(TABLE).filter((key) => !mounted.includes(key)),
      'stale rows',
    ).toEqual([]);
  });

  it('answers each cell as the table says; refusals change nothing and tell nothing', async () => {
    const { world, watch } = watched;
    const app = world.server.container.app;
    const routes = apiRoutes(app).filter((r) => routeKey(r) in TABLE);
    const rank = (r: ApiRoute) => LAST.indexOf(routeKey(r));
    const ordered = [
      ...routes.filter((r) => rank(r) < 0),
      ...routes.filter((r) => rank(r) >= 0).sort((a, b) => rank(a) - rank(b)),
    ];
    const secrets = [world.actors.franchisor.email, world.actors.consultant.email, 'Hello there'];
    const wrong: string[] = [];
    for (const route of ordered) {
      const row = TABLE[routeKey(route)] as Row;
      // Refusals first, on untouched objects; then the callers who may, the admin and owners last.
      const order = [...ACTORS].sort(
        (a, b) => Number(!refusal(row.cells[a])) - Number(!refusal(row.cells[b])),
      );
      for (const actor of order) {
        const expected = row.cells[actor];
        const { url, body } = requestOf(route, row, world);
        const token = world.tokenOf(actor);
        const before = refusal(expected) ? await watch.signature() : null;
        const res = await app.request(url, {
          method: route.method,
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          ...(body === undefined ? {} : { body }),
        });
        const text = await res.text();
        const cell = `${routeKey(route)} as ${actor}: expected ${expected}, got ${res.status} ${text.slice(0, 160)}`;
        if (!meets(res.status, expected)) wrong.push(cell);
        if (before && res.status >= 400) {
          const changed = changedTables(before, await watch.signature()).filter(
            (t) => !WRITES_ON_REFUSAL.has(t),
          );
          if (changed.length > 0) wrong.push(`${cell} — wrote ${changed.join(', ')}`);
          const leaked = secrets.filter((s) => text.includes(s));
          if (leaked.length > 0) wrong.push(`${cell} — told ${leaked.join(', ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
