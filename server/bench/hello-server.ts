import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The machine's own ceiling for P1: a bare `node:http` server answering a small JSON body, in its
 * own process (like the app server), reporting its URL to the parent over IPC.
 */
const body = JSON.stringify({ hello: 'world' });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ url: `http://127.0.0.1:${port}` });
});
process.on('disconnect', () => {
  server.close();
  process.exit(0);
});
