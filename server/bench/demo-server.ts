import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/testing/api-process.ts';

/**
 * The one-origin server the browser measurements (P6, LH1) load pages from: the app from its
 * sources over a fresh database with the demo seed, serving the built portal.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DEMO_PASSWORD = 'Demo-Pass-2025!';

/** A running demo server: its origin, and how to stop it and remove its database. */
export interface DemoServer {
  url: string;
  stop(): Promise<void>;
}

/** Throws unless the portal is built: the pages are its `index.html` and assets. */
function assertPortalBuilt(): void {
  if (!existsSync(join(root, 'portal/dist/index.html'))) {
    throw new Error('the portal is not built: run `npm run build` first');
  }
}

/**
 * Starts the app (`server/src/main.ts`) over a new temporary database with the demo seed, on a
 * free port, and waits for its health check (up to 180 s).
 */
async function startDemoServer(): Promise<DemoServer> {
  const dir = mkdtempSync(join(tmpdir(), 'fm-demo-server-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: `file:${join(dir, 'demo.db')}`,
      UPLOADS_DIR: join(dir, 'uploads'),
      SEED: 'demo',
      LOG_LEVEL: 'error',
      RATE_LIMIT_SIGN_IN: '1000',
    },
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  throw new Error('the demo server did not start in 180 s');
}

/**
 * Runs `use` against a demo server started for it (the portal must be built), and stops the
 * server and removes its database however `use` ends.
 *
 * @example
 * const html = await withDemoServer(async (server) => (await fetch(`${server.url}/`)).text());
 */
export async function withDemoServer<T>(use: (server: DemoServer) => Promise<T>): Promise<T> {
  assertPortalBuilt();
  const server = await startDemoServer();
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

/**
 * Signs a demo account in and answers the stored session the portal keeps (JSON text).
 *
 * @example
 * const stored = await demoCredentials(server.url, 'franchisor@example.com');
 */
export async function demoCredentials(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}`);
  return JSON.stringify(await res.json());
}

/**
 * The path of the demo consultant's public profile (rule 22), `/consultants/{id}`.
 *
 * @example
 * const path = await demoConsultantProfilePath(server.url); // '/consultants/abc…'
 */
export async function demoConsultantProfilePath(url: string): Promise<string> {
  const signedIn = JSON.parse(await demoCredentials(url, 'consultant@example.com')) as {
    user: { id: string };
  };
  return `/consultants/${encodeURIComponent(signedIn.user.id)}`;
}
