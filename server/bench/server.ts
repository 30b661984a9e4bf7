import { openDatabase } from '../src/db/client.ts';
import { serveContainer } from '../src/testing/served-container.ts';

/**
 * The benchmark's server process: the real container over the prepared database, served with
 * @hono/node-server on 127.0.0.1 and a free port, which it reports to its parent over IPC.
 * Its own process, so that the load generator does not share its event loop.
 */
async function main() {
  const databaseUrl = process.argv[2];
  if (!databaseUrl || !process.send) throw new Error('usage: fork(server.ts, [databaseUrl])');
  const database = await openDatabase({ url: databaseUrl });
  const { server, url, container } = await serveContainer({
    database,
    databaseUrl,
    env: {
      // No per-request log line: the figures are the server's, not the terminal's.
      LOG_LEVEL: 'error',
      // The realtime rooms, when a measurement starts them (realtime.ts); unset otherwise.
      PARTY_INTERNAL_URL: process.env.PARTY_INTERNAL_URL,
      REALTIME_SECRET: process.env.REALTIME_SECRET,
    },
  });
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
