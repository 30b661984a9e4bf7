import type { AddressInfo } from 'node:net';
import { createContainer } from '../src/container.ts';
import { openDatabase } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { serveFramed } from '../src/http/framed-response.ts';

/**
 * The benchmark's server process: the real container over the prepared database, served with
 * @hono/node-server on 127.0.0.1 and a free port, which it reports to its parent over IPC.
 * Its own process, so that the load generator does not share its event loop.
 */
async function main() {
  const databaseUrl = process.argv[2];
  if (!databaseUrl || !process.send) throw new Error('usage: fork(server.ts, [databaseUrl])');
  const database = await openDatabase({ url: databaseUrl });
  const server = serveFramed({
    fetch: () => new Response('starting', { status: 503 }),
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((ready) => server.once('listening', () => ready()));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: 'test',
    // No per-request log line: the figures are the server's, not the terminal's.
    LOG_LEVEL: 'error',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: url,
    PORT: String(port),
    SEED: 'none',
    RATE_LIMIT_SIGN_IN: '1000',
    RATE_LIMIT_SIGN_UP: '1000',
    // The realtime rooms, when a measurement starts them (realtime.ts); unset otherwise.
    PARTY_INTERNAL_URL: process.env.PARTY_INTERNAL_URL,
    REALTIME_SECRET: process.env.REALTIME_SECRET,
  });
  const container = await createContainer({ env, database });
  const { getRequestListener } = await import('@hono/node-server');
  server.removeAllListeners('request');
  server.on('request', getRequestListener(container.app.fetch));
  process.send({ url });
  process.on('disconnect', async () => {
    server.close();
    await container.close();
    database.close();
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
