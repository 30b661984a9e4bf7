import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CannonResult } from './cannon.ts';
import type { Measurement } from './measurement.ts';

/**
 * P1: `/api/config` through the whole middleware stack against a bare `node:http` hello server,
 * both driven by autocannon with the same connections. They take turns in short rounds, so a busy
 * machine skews both alike; the ratio is of the summed throughputs.
 */

const CONNECTIONS = 32;
const ROUNDS = 3;

async function startHello(): Promise<{ url: string; stop: () => void }> {
  const child = fork(fileURLToPath(new URL('./hello-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the hello server exited (${code})`)));
  });
  return {
    url,
    stop: () => {
      if (child.connected) child.disconnect();
      child.kill();
    },
  };
}

export const p1Config: Measurement = {
  id: 'P1',
  title: '/api/config through the full stack vs a bare node:http server',
  async run(ctx) {
    const { url } = await ctx.server();
    const hello = await startHello();
    const bare: CannonResult[] = [];
    const stack: CannonResult[] = [];
    const durationMs = Math.max(1000, Math.round(ctx.durationMs / 2));
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        bare.push(
          await ctx.cannon({
            url: hello.url,
            path: () => '/',
            connections: CONNECTIONS,
            durationMs,
          }),
        );
        stack.push(
          await ctx.cannon({
            url,
            path: () => '/api/config',
            connections: CONNECTIONS,
            durationMs,
          }),
        );
      }
    } finally {
      hello.stop();
    }
    const sum = (xs: CannonResult[], key: 'rps' | 'requests' | 'errors') =>
      xs.reduce((total, x) => total + x[key], 0);
    const mean = (xs: CannonResult[], key: 'p50' | 'p99') =>
      xs.reduce((total, x) => total + x[key], 0) / xs.length;
    const row = (scenario: string, xs: CannonResult[]) => ({
      scenario,
      clients: CONNECTIONS,
      p50: mean(xs, 'p50'),
      p99: mean(xs, 'p99'),
      rps: sum(xs, 'rps') / xs.length,
      errors: sum(xs, 'errors'),
    });
    const ratio = sum(stack, 'rps') / sum(bare, 'rps');
    return {
      rows: [row('bare node:http hello', bare), row('GET /api/config (full stack)', stack)],
      aims: [
        {
          id: 'P1',
          label: '/api/config throughput / bare node:http throughput',
          measured: ratio,
          aim: 0.5,
          kind: 'min',
          unit: '×',
          detail: `${(sum(stack, 'rps') / ROUNDS).toFixed(0)} vs ${(sum(bare, 'rps') / ROUNDS).toFixed(0)} req/s, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds`,
        },
      ],
    };
  },
};
