import type { RealtimeServerMessage } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { franchise, user } from '../../db/schema/index.ts';
import type { RealtimePublisher } from '../../realtime/publisher.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { testServerWorld } from '../../testing/test-world.ts';

/** Test helpers of the messaging tests (real server, real HTTP). */

export interface RecordingPublisher extends RealtimePublisher {
  /** Every push, in order. */
  readonly pushes: { rooms: readonly string[]; message: RealtimeServerMessage }[];
  /** Users reported as having an open socket. */
  readonly online: Set<string>;
}

/** A realtime publisher that records what the API pushes and answers presence from a set. */
export function recordingPublisher(): RecordingPublisher {
  const pushes: RecordingPublisher['pushes'] = [];
  const online = new Set<string>();
  return {
    pushes,
    online,
    async publish(rooms, message) {
      pushes.push({ rooms: [...rooms], message });
    },
    async disconnectUser() {},
    async isOnline(userId) {
      return online.has(userId);
    },
  };
}

/**
 * A test file's world: one real server with a recording realtime publisher and a clock the tests
 * move (`tick`). Every test starts at the real time with nothing pushed and nobody online.
 * @example const world = chatTestWorld(); … await franchisor(world.server); world.tick(60_000);
 */
export function chatTestWorld() {
  const realtime = recordingPublisher();
  const world = Object.assign(testServerWorld({ realtime }), { realtime });
  beforeEach(() => {
    world.now = new Date();
    realtime.pushes.length = 0;
    realtime.online.clear();
  });
  return world;
}

export interface Person {
  id: string;
  token: string;
  email: string;
}

/** A franchisor of a franchise whose subscription has the given status (null: none). */
export async function franchisor(
  server: TestServer,
  options: {
    subscription?: 'active' | 'trialing' | 'canceled' | null;
    brand?: string;
    firstName?: string;
  } = {},
): Promise<Person> {
  const account = await server.signUp('franchisor');
  const db = server.container.db;
  const [row] = await db
    .insert(franchise)
    .values({
      company: options.brand ?? 'Blue Fin Swim',
      stripeSubscriptionStatus:
        options.subscription === undefined ? 'active' : options.subscription,
    })
    .returning({ id: franchise.id });
  await db
    .update(user)
    .set({
      franchiseId: row?.id ?? null,
      ...(options.firstName ? { firstName: options.firstName } : {}),
    })
    .where(eq(user.id, account.user.id));
  return { id: account.user.id, token: account.token, email: account.user.email };
}

/** A consultant; activated unless `verified: false`. */
export async function consultant(
  server: TestServer,
  options: { verified?: boolean; firstName?: string } = {},
): Promise<Person> {
  const account = await server.signUp('consultant');
  await server.container.db
    .update(user)
    .set({
      isVerified: options.verified ?? true,
      ...(options.firstName ? { firstName: options.firstName } : {}),
    })
    .where(eq(user.id, account.user.id));
  return { id: account.user.id, token: account.token, email: account.user.email };
}

/** A JSON call answering status and body. */
export async function api<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await server.fetch(path, {
    method,
    ...(token ? { token } : {}),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Starts (or opens) the chat between `from` and `to`; throws unless it succeeds. */
export async function startChat(server: TestServer, from: Person, to: Person): Promise<string> {
  const res = await api<{ id: string }>(server, 'POST', '/api/chats', from.token, {
    participants: [to.id],
  });
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`start chat: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.id;
}

/** Uploads one file as a chat attachment. */
export async function uploadFile(
  server: TestServer,
  token: string,
  bytes: Uint8Array,
  name: string,
  type = 'application/octet-stream',
) {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await server.fetch('/api/chats/upload', { method: 'POST', token, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A small PDF. */
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
