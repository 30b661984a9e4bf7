import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  REALTIME_PARTY,
  type RealtimeServerMessage,
  RealtimeServerMessageSchema,
  userRoomId,
} from '@fm/sdk/contracts';
import { PartySocket } from 'partysocket';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer } from '../../server/src/testing/test-server.ts';

/**
 * The real thing: the real API (a temporary database), the real `partykit dev` started by
 * scripts/dev.mjs on a free port, and sockets from Node (partysocket over `ws`).
 */

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
type SignedUp = Awaited<ReturnType<TestServer['signUp']>>;

const partyDir = fileURLToPath(new URL('..', import.meta.url));
const WAIT_MS = 10_000;

let api: TestServer | undefined;
let party: ChildProcess | undefined;
let partyHome: string | undefined;
let partyLog = '';
let host = '';
let franchisor: SignedUp;
let consultant: SignedUp;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once the worker answers (plain HTTP to a room is refused with 403 by our code). */
async function waitForParty(port: number, child: ChildProcess, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`partykit dev exited with ${child.exitCode}:\n${partyLog}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/parties/${REALTIME_PARTY}/probe`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.status === 403) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`partykit dev did not start within ${deadlineMs} ms:\n${partyLog}`);
}

async function stopParty(child: ChildProcess | undefined): Promise<void> {
  const pid = child?.pid;
  if (!child || !pid) return;
  // The child leads its own process group (detached), which holds partykit and workerd.
  const signalGroup = (signal: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-pid, signal);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Ask dev.mjs first: it forwards the signal so partykit can stop workerd itself.
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
  }
  // Sweep whatever is left of the group (a workerd restarted during shutdown, a hung child).
  for (let i = 0; i < 20 && signalGroup(0); i++) await sleep(100);
  signalGroup('SIGKILL');
}

function roomUrl(room: string, token?: string): string {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return `ws://${host}/parties/${REALTIME_PARTY}/${room}${query}`;
}

/** The HTTP status the socket upgrade was refused with, or 101 when it opened. */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`no answer from ${url} within ${WAIT_MS} ms`));
    }, WAIT_MS);
    socket.once('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      response.resume();
      socket.terminate();
      resolve(response.statusCode ?? 0);
    });
    socket.once('open', () => {
      clearTimeout(timer);
      socket.close();
      resolve(101);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** A PartySocket that does not retry, resolved once open (rejected if it closes first). */
function openSocket(room: string, token: string): Promise<PartySocket> {
  const socket = new PartySocket({
    host,
    room,
    party: REALTIME_PARTY,
    query: { token },
    WebSocket,
    maxRetries: 0,
    connectionTimeout: WAIT_MS,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`socket to ${room} did not open within ${WAIT_MS} ms`));
    }, WAIT_MS);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.addEventListener('close', (event) => {
      clearTimeout(timer);
      reject(new Error(`socket to ${room} closed before opening (${event.code})`));
    });
  });
}

/** The next frame, validated against the server→client contract. */
function nextMessage(socket: PartySocket): Promise<RealtimeServerMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.removeEventListener('message', onMessage);
      reject(new Error(`no message within ${WAIT_MS} ms`));
    }, WAIT_MS);
    function onMessage(event: MessageEvent) {
      clearTimeout(timer);
      socket.removeEventListener('message', onMessage);
      const parsed = v.safeParse(RealtimeServerMessageSchema, JSON.parse(String(event.data)));
      if (parsed.success) resolve(parsed.output);
      else reject(new Error(`frame outside the contract: ${String(event.data)}`));
    }
    socket.addEventListener('message', onMessage);
  });
}

beforeAll(async () => {
  api = await startTestServer();
  franchisor = await api.signUp('franchisor');
  consultant = await api.signUp('consultant');

  const port = await freePort();
  host = `127.0.0.1:${port}`;
  partyHome = mkdtempSync(join(tmpdir(), 'fm-party-test-'));
  party = spawn(process.execPath, [join(partyDir, 'scripts/dev.mjs')], {
    cwd: partyDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PARTY_PORT: String(port),
      // `url` is the API's origin; tolerate one that already ends in /api.
      API_URL: api.url.replace(/\/api\/?$/, ''),
      PARTY_HOME: partyHome,
    },
  });
  party.stdout?.on('data', (chunk: Buffer) => {
    partyLog += chunk.toString();
  });
  party.stderr?.on('data', (chunk: Buffer) => {
    partyLog += chunk.toString();
  });
  await waitForParty(port, party, 60_000);
}, 120_000);

afterAll(async () => {
  await stopParty(party);
  await api?.close();
  if (partyHome) rmSync(partyHome, { recursive: true, force: true });
}, 30_000);

describe('realtime server', () => {
  it('opens a socket with a valid token on the own user room and answers ping with pong', async () => {
    const socket = await openSocket(userRoomId(franchisor.user.id), franchisor.token);
    try {
      const reply = nextMessage(socket);
      socket.send(JSON.stringify({ type: 'ping', id: 'p-1' }));
      expect(await reply).toMatchObject({ type: 'pong', id: 'p-1', at: expect.any(Number) });
    } finally {
      socket.close();
    }
  });

  it('answers a malformed frame with an error frame and keeps the socket open', async () => {
    const socket = await openSocket(userRoomId(consultant.user.id), consultant.token);
    try {
      let reply = nextMessage(socket);
      socket.send('{not json');
      expect(await reply).toMatchObject({ type: 'error', code: 'MALFORMED_BODY' });

      reply = nextMessage(socket);
      socket.send(JSON.stringify({ type: 'receiveMessage', chatId: 'c1' }));
      expect(await reply).toMatchObject({ type: 'error', code: 'VALIDATION_FAILED' });

      reply = nextMessage(socket);
      socket.send(JSON.stringify({ type: 'ping' }));
      expect(await reply).toMatchObject({ type: 'pong' });
      expect(socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      socket.close();
    }
  });

  it('refuses a socket without a token (401)', async () => {
    expect(await upgradeStatus(roomUrl(userRoomId(franchisor.user.id)))).toBe(401);
  });

  it('refuses a socket with a bad token (401)', async () => {
    expect(await upgradeStatus(roomUrl(userRoomId(franchisor.user.id), 'not-a-token'))).toBe(401);
    await expect(openSocket(userRoomId(franchisor.user.id), 'not-a-token')).rejects.toThrow();
  });

  it("refuses joining another user's room, and chat rooms for now (403)", async () => {
    expect(await upgradeStatus(roomUrl(userRoomId(consultant.user.id), franchisor.token))).toBe(
      403,
    );
    expect(await upgradeStatus(roomUrl('chat-anything', franchisor.token))).toBe(403);
  });

  it('does not trust identity headers sent by the client', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(roomUrl(userRoomId(consultant.user.id), franchisor.token), {
        headers: { 'x-fm-user-id': consultant.user.id, 'x-fm-user-role': 'consultant' },
      });
      const timer = setTimeout(() => reject(new Error('no answer')), WAIT_MS);
      socket.once('unexpected-response', (_request, response) => {
        clearTimeout(timer);
        response.resume();
        socket.terminate();
        resolve(response.statusCode ?? 0);
      });
      socket.once('open', () => {
        clearTimeout(timer);
        socket.close();
        resolve(101);
      });
      socket.once('error', reject);
    });
    expect(status).toBe(403);
  });
});
