import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and its raw body. Test-only. */
export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers the n-th request (from 1); leave `res` unanswered to hold it. */
export type ReceiverHandler = (res: ServerResponse, request: ReceivedRequest, n: number) => void;

export interface TestReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** TCP connections opened to it (0 proves nothing reached it). */
  connections(): number;
  /** Changes how later requests are answered. */
  answer(handler: ReceiverHandler): void;
  /** Resolves once `count` requests arrived. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1 that records every request and answers as told (204 by
 * default). Test-only.
 * @example const receiver = await startTestReceiver(); … receiver.answer((res) => res.writeHead(500).end());
 */
export async function startTestReceiver(
  handler: ReceiverHandler = (res) => res.writeHead(204).end(),
): Promise<TestReceiver> {
  let current = handler;
  let connections = 0;
  const requests: ReceivedRequest[] = [];
  const waiters: { count: number; done: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      current(res, request, requests.length);
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done();
      }
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connections,
    answer(next) {
      current = next;
    },
    received(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((done) => waiters.push({ count, done }));
    },
    close() {
      server.closeAllConnections();
      return new Promise((done) => server.close(() => done()));
    },
  };
}
