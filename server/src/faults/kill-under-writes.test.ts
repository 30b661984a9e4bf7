import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { message } from '../db/schema/index.ts';
import { makeFranchisor } from '../features/booking/test-fixtures.ts';
import { type ApiProcess, buildServerBundle, spawnApi } from '../testing/api-process.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Rule 2: an API process is killed with SIGKILL ten times while clients write (chat messages). Every
 * write the API acknowledged (201) is in the database afterwards, and `PRAGMA integrity_check` is
 * clean. SQLite in WAL mode commits a transaction by appending it to the WAL before answering, so a
 * killed process loses nothing it acknowledged (docs/decisions/008-durability-and-processes.md).
 */

const KILLS = Number(process.env.R3_KILLS ?? 10);
const WRITERS = 8;

let setup: TestServer;
let bundle: ReturnType<typeof buildServerBundle>;
let chatId = '';
let senderToken = '';

beforeAll(async () => {
  // The production bundle: it starts in well under a second, so ten restarts stay cheap.
  bundle = buildServerBundle('r3');
  setup = await startTestServer();
  const franchisor = await makeFranchisor(setup);
  const consultant = await setup.signUp('consultant');
  const res = await setup.fetch('/api/chats', {
    method: 'POST',
    token: franchisor.token,
    body: JSON.stringify({ participants: [consultant.user.id] }),
  });
  if (!res.ok) throw new Error(`chat: ${res.status} ${await res.text()}`);
  chatId = ((await res.json()) as { id: string }).id;
  senderToken = franchisor.token;
});
afterAll(async () => {
  await setup.close();
  bundle.remove();
});

/** Writers that send messages until the process stops answering; answers the acknowledged texts. */
function writeUntilDown(api: ApiProcess, round: number, acknowledged: string[]) {
  let failures = 0;
  return Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; ; n++) {
        const text = `r${round}-w${writer}-${n}`;
        try {
          const res = await fetch(`${api.url}/api/chats/${chatId}/messages`, {
            method: 'POST',
            headers: { authorization: `Bearer ${senderToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ text }),
          });
          if (res.status === 201) acknowledged.push(text);
          else failures += 1;
          await res.arrayBuffer();
        } catch {
          return; // the process is gone
        }
      }
    }),
  ).then(() => ({ failures }));
}

describe('rule 2: SIGKILL under write load', () => {
  it(`${KILLS} kills: no acknowledged write lost, integrity_check clean`, async () => {
    const env = {
      DATABASE_URL: setup.container.env.DATABASE_URL,
      UPLOADS_DIR: setup.container.env.UPLOADS_DIR,
    };
    const acknowledged: string[] = [];
    for (let round = 0; round < KILLS; round++) {
      const api = await spawnApi({ env, build: 'dist', script: bundle.main });
      await api.healthy();
      const before = acknowledged.length;
      const load = writeUntilDown(api, round, acknowledged);
      // Once writes flow, kill at a different moment of each round, while the writers are busy.
      const deadline = Date.now() + 30_000;
      // Every round kills under real load: at least ten acknowledged writes first, however slow
      // the machine is (a busy CI runner acknowledges fewer per second, not fewer per round).
      while (acknowledged.length < before + 10) {
        if (Date.now() > deadline) throw new Error(`round ${round}: no writes\n${api.output()}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, 100 + ((round * 137) % 400)));
      await api.stop('SIGKILL');
      const { failures } = await load;
      expect(failures, `round ${round}: refused writes`).toBe(0);
    }

    const database = await openDatabase({ url: setup.container.env.DATABASE_URL });
    const integrity = await database.client.execute('PRAGMA integrity_check');
    expect(integrity.rows.map((r) => r[0])).toEqual(['ok']);
    const foreignKeys = await database.client.execute('PRAGMA foreign_key_check');
    expect(foreignKeys.rows).toHaveLength(0);
    const found = new Set<string>();
    for (let k = 0; k < acknowledged.length; k += 500) {
      const rows = await database.db
        .select({ body: message.body })
        .from(message)
        .where(inArray(message.body, acknowledged.slice(k, k + 500)));
      for (const row of rows) found.add(row.body);
    }
    database.close();
    const lost = acknowledged.filter((text) => !found.has(text));
    expect(lost).toEqual([]);
  }, 300_000);
});
