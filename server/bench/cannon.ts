import autocannon from 'autocannon';

/**
 * One autocannon run against the server under test: `connections` keep-alive clients, each sending
 * its next request when the previous answer is in, for `durationMs` after a short warm-up (the
 * warm-up's answers are thrown away). `path(n)` gives the n-th request's path, so a scenario can
 * vary its queries. Latency is autocannon's (HDR histogram, 1 ms resolution).
 */

export interface CannonResult {
  requests: number;
  /** Non-2xx answers and socket errors. */
  errors: number;
  p50: number;
  p99: number;
  rps: number;
}

export interface CannonOptions {
  url: string;
  path: (n: number) => string;
  connections: number;
  durationMs: number;
  warmupMs?: number;
  headers?: Record<string, string>;
}

function once(
  options: CannonOptions,
  durationMs: number,
  counter: { n: number },
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: durationMs / 1000,
        headers: options.headers ?? {},
        requests: [
          { setupRequest: (request) => ({ ...request, path: options.path(counter.n++) }) },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * Runs the load and answers its figures (ms, requests per second).
 * @example await cannon({ url, path: () => '/api/config', connections: 32, durationMs: 3000 })
 */
export async function cannon(options: CannonOptions): Promise<CannonResult> {
  const warmupMs = options.warmupMs ?? 500;
  // One count across the warm-up and the run: the run goes on with paths the warm-up did not ask
  // (a scenario asking something new each time must not be answered from the warm-up's cache).
  const counter = { n: 0 };
  if (warmupMs > 0) await once(options, warmupMs, counter);
  const result = await once(options, options.durationMs, counter);
  return {
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
  };
}
