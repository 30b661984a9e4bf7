import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import {
  consultantProfile,
  franchise,
  notification,
  payment,
  payout,
  user,
} from '../db/schema/index.ts';
import { createSilentPublisher } from '../realtime/publisher.ts';
import { type DatabaseWatch, watchDatabase } from './db-watch.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';

/** A signed-in account of the world. */
export interface Actor {
  id: string;
  email: string;
  token: string;
}

/** The callers of the route tests: a guest has no token. */
export const ACTORS = [
  'guest',
  'franchisor',
  'otherFranchisor',
  'consultant',
  'otherConsultant',
  'admin',
] as const;
export type ActorName = (typeof ACTORS)[number];

/**
 * Objects owned by the first franchisor (`franchisor`, franchise `franchiseId`) and the first
 * consultant (`consultant`); the "other" franchisor and consultant own nothing of theirs.
 */
export interface WorldIds {
  franchiseId: string;
  otherFranchiseId: string;
  meeting: string;
  chat: string;
  message: string;
  attachment: string;
  /** A private file (an FDD document of the franchise): `/api/files/:id`. */
  document: string;
  /** A public image (the franchisor's upload). */
  image: string;
  paymentMethod: string;
  payment: string;
  /** A payment of a meeting the franchisor cancelled late (the consultant decides). */
  latePayment: string;
  payout: string;
  apiKey: string;
  publishableKey: string;
  promotion: string;
  /** The consultant's notification of the booking. */
  notification: string;
  /** A user and a franchise nobody else needs: what the admin's deletes remove. */
  spareUser: string;
  spareFranchiseId: string;
  /** The consultant's private calendar feed file (`<token>.ics`). */
  feedFile: string;
  /** The franchise's webhook endpoint (rule 21) and a test delivery to it. */
  webhookEndpoint: string;
  webhookDelivery: string;
  /** A second endpoint of the franchise: what the admin's delete removes. */
  spareWebhookEndpoint: string;
}

export interface RouteWorld {
  server: TestServer;
  actors: Record<Exclude<ActorName, 'guest'>, Actor>;
  ids: WorldIds;
  tokenOf(name: ActorName): string | undefined;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  start: '00:00',
  end: '24:00',
}));

/**
 * A small marketplace built through the real API for the route-wide tests (fuzz, authorisation
 * matrix): two franchises with a franchisor each, two activated consultants, an admin, and a
 * meeting, chat, message, attachment, files, card, payment, payout, API key, promotion,
 * calendar feed and webhook endpoint owned by the first franchisor and the first consultant. Nothing reaches the
 * network (silent realtime publisher, ledger payments).
 * @example const world = await buildRouteWorld(); … await world.server.close();
 */
export async function buildRouteWorld(): Promise<RouteWorld> {
  const server = await startTestServer({
    realtime: createSilentPublisher(),
    env: { LOG_LEVEL: process.env.WORLD_LOG_LEVEL ?? 'silent' },
  });
  const db = server.container.db;
  const call = async <T>(method: string, path: string, token: string, body?: unknown) => {
    const res = await server.fetch(path, {
      method,
      token,
      ...(body === undefined
        ? {}
        : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  const franchisorOf = async (company: string): Promise<Actor & { franchiseId: string }> => {
    const account = await server.signUp('franchisor');
    const [row] = await db
      .insert(franchise)
      .values({ company, stripeSubscriptionStatus: 'active' })
      .returning({ id: franchise.id });
    const franchiseId = row?.id ?? '';
    await db.update(user).set({ franchiseId }).where(eq(user.id, account.user.id));
    return { id: account.user.id, email: account.user.email, token: account.token, franchiseId };
  };
  const activatedConsultant = async (): Promise<Actor> => {
    const account = await server.signUp('consultant');
    await db.update(user).set({ isVerified: true }).where(eq(user.id, account.user.id));
    await db
      .insert(consultantProfile)
      .values({ userId: account.user.id, rateCents: 5_000, company: 'Reed Advisory' })
      .onConflictDoUpdate({ target: consultantProfile.userId, set: { rateCents: 5_000 } });
    await call('PATCH', '/api/users/calendars', account.token, {
      timeZone: 'America/New_York',
      weeklyHours: ALL_WEEK,
    });
    return { id: account.user.id, email: account.user.email, token: account.token };
  };

  const franchisor = await franchisorOf('Blue Fin Swim');
  const otherFranchisor = await franchisorOf('Red Kite Tutors');
  const consultant = await activatedConsultant();
  const otherConsultant = await activatedConsultant();
  const adminEmail = 'root@route-world.example';
  await server.container.accounts.ensureAdmin(adminEmail, TEST_PASSWORD);
  const signIn = await server.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    body: JSON.stringify({ email: adminEmail, password: TEST_PASSWORD }),
  });
  const adminAuth = (await signIn.json()) as { token: string; user: { id: string } };
  const admin: Actor = { id: adminAuth.user.id, email: adminEmail, token: adminAuth.token };

  for (const owner of [franchisor, otherFranchisor]) {
    await call('POST', '/api/users/payment-method', owner.token, {
      paymentMethodId: 'pm_card_visa',
    });
  }
  const cards = await call<{ data?: { id: string }[] } | { id: string }[]>(
    'GET',
    '/api/users/payment-method',
    franchisor.token,
  );
  const paymentMethod = (Array.isArray(cards) ? cards : (cards.data ?? []))[0]?.id ?? '';

  // The first weekday slot from tomorrow on (rule 9 never offers weekends).
  let slot: { start: string; end: string } | undefined;
  for (let day = 1; day < 10 && !slot; day += 1) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const slots = await call<{ days: { slots: { start: string; end: string }[] }[] }>(
      'GET',
      `/api/booking/consultant/${consultant.id}/slots?date=${date}&timezone=America/New_York`,
      franchisor.token,
    );
    slot = slots.days.flatMap((d) => d.slots)[0];
  }
  if (!slot) throw new Error('no slot to book');
  const meeting = await call<{ id: string }>('POST', '/api/session', franchisor.token, {
    consultantId: consultant.id,
    start: slot.start,
    end: slot.end,
    timeZone: 'America/New_York',
  });
  const paymentRow = await db.query.payment.findFirst({ where: eq(payment.meetingId, meeting.id) });
  // A meeting the franchisor cancelled late: its payment waits for the consultant's decision.
  const [lateRow] = await db
    .insert(payment)
    .values({
      consultantId: consultant.id,
      franchiseId: franchisor.franchiseId,
      amountCents: 5_000,
      startAt: new Date(Date.now() + 3_600_000),
      lateCancelledAt: new Date(),
    })
    .returning({ id: payment.id });

  const chat = await call<{ id: string }>('POST', '/api/chats', franchisor.token, {
    participants: [consultant.id],
  });
  const form = new FormData();
  form.append('file', new File([PDF], 'plan.pdf', { type: 'application/pdf' }));
  const attachment = await call<{ id: string }>(
    'POST',
    '/api/chats/upload',
    franchisor.token,
    form,
  );
  const message = await call<{ id: string }>(
    'POST',
    `/api/chats/${chat.id}/messages`,
    franchisor.token,
    { text: 'Hello there', attachmentIds: [attachment.id] },
  );

  const imageForm = new FormData();
  imageForm.append('image', new File([PNG], 'logo.png', { type: 'image/png' }));
  const image = await call<{ id?: string; url?: string }>(
    'POST',
    '/api/users/upload-images',
    franchisor.token,
    imageForm,
  );
  const documentForm = new FormData();
  documentForm.append('file', new File([PDF], 'fdd.pdf', { type: 'application/pdf' }));
  const document = await call<{ id?: string; url?: string }>(
    'POST',
    '/api/users/upload-documents',
    franchisor.token,
    documentForm,
  );

  const key = await call<{ id: string; publishableKey: string | null }>(
    'POST',
    '/api/users/api-keys',
    franchisor.token,
    { kind: 'publishable', name: 'Site', allowedOrigins: ['https://partner.example'] },
  );
  const promotion = await call<{ id: string }>('POST', '/api/admin/promotions', admin.token, {
    name: 'Spring',
    description: 'Ten percent off',
    effect: 'Price',
    affected: 'Franchise',
    startDate: new Date(Date.now() - 86_400_000).toISOString(),
    endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  const [payoutRow] = await db
    .insert(payout)
    .values({ consultantId: consultant.id, period: '2020-01', amountCents: 4_000 })
    .returning({ id: payout.id });
  const feed = await call<{ icalFeedUrl: string }>(
    'GET',
    '/api/users/calendars/feed',
    consultant.token,
  );

  const hook = { url: 'http://127.0.0.1:9/hook', events: ['meeting.booked'] };
  const endpoint = await call<{ id: string }>(
    'POST',
    '/api/webhooks/endpoints',
    franchisor.token,
    hook,
  );
  const spareEndpoint = await call<{ id: string }>(
    'POST',
    '/api/webhooks/endpoints',
    franchisor.token,
    hook,
  );
  const delivery = await call<{ id: string }>(
    'POST',
    `/api/webhooks/endpoints/${endpoint.id}/test`,
    franchisor.token,
    {},
  );

  const notice = await db.query.notification.findFirst({
    where: eq(notification.userId, consultant.id),
  });
  const spareUser = (await server.signUp('consultant')).user.id;
  const [spareFranchise] = await db
    .insert(franchise)
    .values({ company: 'Spare Brand' })
    .returning({ id: franchise.id });

  const idOfUpload = (u: { id?: string; url?: string }) => u.id ?? u.url?.split('/').pop() ?? '';
  const actors = { franchisor, otherFranchisor, consultant, otherConsultant, admin };
  return {
    server,
    actors,
    ids: {
      franchiseId: franchisor.franchiseId,
      otherFranchiseId: otherFranchisor.franchiseId,
      meeting: meeting.id,
      chat: chat.id,
      message: message.id,
      attachment: attachment.id,
      document: idOfUpload(document),
      image: idOfUpload(image),
      paymentMethod,
      payment: paymentRow?.id ?? '',
      latePayment: lateRow?.id ?? '',
      payout: payoutRow?.id ?? '',
      apiKey: key.id,
      publishableKey: key.publishableKey ?? '',
      promotion: promotion.id,
      notification: notice?.id ?? '',
      spareUser,
      spareFranchiseId: spareFranchise?.id ?? '',
      feedFile: feed.icalFeedUrl.split('/').pop() ?? '',
      webhookEndpoint: endpoint.id,
      webhookDelivery: delivery.id,
      spareWebhookEndpoint: spareEndpoint.id,
    },
    tokenOf: (name) => (name === 'guest' ? undefined : actors[name].token),
  };
}

/**
 * A test file's {@link RouteWorld} and a watch of its database from a connection of its own (to
 * see what a refused call changed): built before the file's first test, closed after its last.
 * @example const watched = watchedRouteWorld(); … it('…', async () => { const { world, watch } = watched; … });
 */
export function watchedRouteWorld() {
  let world: RouteWorld | undefined;
  let watch: DatabaseWatch | undefined;
  beforeAll(async () => {
    world = await buildRouteWorld();
    watch = await watchDatabase(world.server.container.env.DATABASE_URL);
  });
  afterAll(async () => {
    watch?.close();
    await world?.server.close();
  });
  return {
    /** The world (from the file's `beforeAll` on). */
    get world(): RouteWorld {
      if (!world) throw new Error('the route world is built in beforeAll');
      return world;
    },
    /** The watch of its database (from the file's `beforeAll` on). */
    get watch(): DatabaseWatch {
      if (!watch) throw new Error('the database watch starts in beforeAll');
      return watch;
    },
  };
}
