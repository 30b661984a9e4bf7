import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The password of the accounts the realtime and meeting-room measurements sign up. */
export const BENCH_PASSWORD = 'Bench-Pass-2025!';

/** The `p`th percentile of ascending `sorted` values (nearest rank), NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/**
 * An API process of its own (`server.ts`, forked) over `databaseUrl` with `env` added, resolved
 * once it reports its URL.
 * @example const api = await startForkedApi(url, { REALTIME_URL }); … api.stop();
 */
export async function startForkedApi(databaseUrl: string, env: Record<string, string>) {
  const child: ChildProcess = fork(
    fileURLToPath(new URL('./server.ts', import.meta.url)),
    [databaseUrl],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, ...env },
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the API exited (${code})`)));
  });
  return {
    url,
    stop: () => {
      if (child.connected) child.disconnect();
      child.kill();
    },
  };
}
