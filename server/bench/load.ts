import { Agent, request } from 'node:http';

/**
 * A small bounded load loop: `concurrency` clients, each sending its next request as soon as the
 * previous answer is read, for a warm-up and then a measured duration. Latency is the time from
 * sending to the end of the body. Only what it is pointed at is called (127.0.0.1 here).
 * Node's own keep-alive HTTP agent: no dependency, and lighter per request than `fetch`.
 */

function get(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** The first non-2xx status seen, if any. */
  firstError: string | null;
  p50: number;
  p99: number;
  rps: number;
}

export interface LoadOptions {
  /** Builds the n-th request path (lets a scenario vary its queries). */
  path: (n: number) => string;
  origin: string;
  token?: string;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
}

const quantile = (sorted: Float64Array, q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);

/**
 * Runs one scenario and returns its latency percentiles (ms) and throughput.
 * @example await runLoad({ origin, path: () => '/api/health', concurrency: 32, warmupMs: 500, durationMs: 4000 })
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const headers: Record<string, string> = options.token
    ? { authorization: `Bearer ${options.token}` }
    : {};
  const started = performance.now();
  const measureFrom = started + options.warmupMs;
  const stopAt = measureFrom + options.durationMs;
  const latencies: number[] = [];
  let counter = 0;
  let errors = 0;
  let firstError: string | null = null;

  const client = async () => {
    while (performance.now() < stopAt) {
      const n = counter++;
      const sent = performance.now();
      const res = await get(agent, new URL(options.path(n), options.origin), headers);
      const done = performance.now();
      if (sent < measureFrom) continue;
      latencies.push(done - sent);
      if (res.status < 200 || res.status >= 300) {
        errors += 1;
        firstError ??= `${res.status} ${res.body.slice(0, 120)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const measured = performance.now() - measureFrom;
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    firstError,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    rps: (latencies.length / measured) * 1000,
  };
}
