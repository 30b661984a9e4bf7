import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startParty } from '@fm/party/testing';
import { migrateDatabase } from '../src/boot/migrate-database.ts';
import { openDatabase } from '../src/db/client.ts';
import { postJson } from '../src/testing/post-json.ts';
import { BENCH_PASSWORD, startForkedApi } from './forked-api.ts';

/**
 * What the realtime and meeting-room measurements run against: a fresh migrated database in a
 * folder of its own, the real API in its own process over it, and the real rooms under
 * `wrangler dev` wired to that API by a fresh shared secret. `call` posts JSON to the API (a
 * refusal throws with its body); `signUp` makes an account through it; `stop` ends it all.
 * @example const stack = await startRealtimeStack('rt'); try { … } finally { await stack.stop(); }
 */
export async function startRealtimeStack(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `fm-bench-${name}-`));
  const secret = `bench-realtime-${crypto.randomUUID()}`;
  const partyPort = await freePort();
  const databaseUrl = `file:${join(dir, `${name}.db`)}`;
  const database = await openDatabase({ url: databaseUrl });
  await migrateDatabase(database.db);
  const api = await startForkedApi(databaseUrl, {
    PARTY_INTERNAL_URL: `http://127.0.0.1:${partyPort}`,
    REALTIME_SECRET: secret,
  });
  const party = await startParty({ apiUrl: api.url, secret, port: partyPort });

  const call = async (path: string, token: string | null, body: unknown) => {
    const res = await postJson(api.url, `/api/${path}`, body, token);
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  const signUp = async (
    role: 'franchisor' | 'consultant',
    email: string,
    lastName: string,
  ): Promise<{ id: string; token: string }> => {
    const body = await call('auth/sign-up/email', null, {
      email,
      password: BENCH_PASSWORD,
      firstName: 'Bench',
      lastName,
      role,
      ageConfirmed: true,
    });
    return { id: String((body.user as { id: string }).id), token: String(body.token) };
  };

  return {
    database,
    partyPort,
    call,
    signUp,
    async stop() {
      await party.stop();
      api.stop();
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
