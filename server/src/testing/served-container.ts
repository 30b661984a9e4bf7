import type { AddressInfo } from 'node:net';
import { type Container, createContainer } from '../container.ts';
import type { Database } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { serveFramed } from '../http/framed-response.ts';
import type { StaticDirs } from '../http/static-apps.ts';

/**
 * The real container served on 127.0.0.1 and a free port, for tests and the benchmark. The port
 * is taken first, answering 503, because the API must know its own address (`PUBLIC_URL`) before
 * it is built. `env` is laid over a test configuration (no seed, no sign-in limits to speak of);
 * `prepare` runs on the container before the first request is let in.
 * @example const { server, url, container } = await serveContainer({ database, databaseUrl, env: {} });
 */
export async function serveContainer(options: {
  database: Database;
  databaseUrl: string;
  env: Record<string, string | undefined>;
  now?: (() => Date) | undefined;
  realtime?: Parameters<typeof createContainer>[0]['realtime'] | undefined;
  prepare?: ((container: Container) => Promise<unknown>) | undefined;
  /** The built apps it serves beside the API (none when absent). */
  staticDirs?: StaticDirs | undefined;
}): Promise<{ server: ReturnType<typeof serveFramed>; url: string; container: Container }> {
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
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.databaseUrl,
    PUBLIC_URL: url,
    PORT: String(port),
    SEED: 'none',
    RATE_LIMIT_SIGN_IN: '1000',
    RATE_LIMIT_SIGN_UP: '1000',
    ...options.env,
  });
  const container = await createContainer({
    env,
    database: options.database,
    ...(options.now ? { now: options.now } : {}),
    ...(options.realtime ? { realtime: options.realtime } : {}),
    ...(options.staticDirs ? { staticDirs: options.staticDirs } : {}),
  });
  if (options.prepare) await options.prepare(container);
  const { getRequestListener } = await import('@hono/node-server');
  server.removeAllListeners('request');
  server.on('request', getRequestListener(container.app.fetch));
  return { server, url, container };
}
