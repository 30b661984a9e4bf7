import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage.ts';

// A minimal S3-compatible bucket on 127.0.0.1: it keeps objects in memory and records what it saw.
const objects = new Map<string, { body: Buffer; type: string }>();
const seen: { method: string; url: string; authorization: string; date: string }[] = [];
const server = createServer(async (req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  seen.push({
    method: req.method ?? '',
    url: req.url ?? '',
    authorization: req.headers.authorization ?? '',
    date: String(req.headers['x-amz-date'] ?? ''),
  });
  const key = req.url ?? '';
  if (req.method === 'PUT') {
    objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
    res.writeHead(200).end();
  } else if (req.method === 'GET') {
    const found = objects.get(key);
    if (!found) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': found.type }).end(found.body);
  } else if (req.method === 'DELETE') {
    objects.delete(key);
    res.writeHead(204).end();
  } else res.writeHead(405).end();
});
let endpoint = '';
beforeAll(async () => {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('S3-compatible storage', () => {
  it('puts, gets and deletes objects path-style with Signature V4', async () => {
    const storage = createS3Storage({
      endpoint,
      bucket: 'uploads',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret',
      region: 'auto',
    });
    const key = 'images/0f8fad5b-d9cb-469f-a165-70867728950e.png';
    await storage.put(key, new Uint8Array([137, 80, 78, 71]), 'image/png');
    const put = seen.at(-1);
    expect(put).toMatchObject({ method: 'PUT', url: `/uploads/${key}` });
    expect(put?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/auto\/s3\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/,
    );
    expect(put?.date).toMatch(/^\d{8}T\d{6}Z$/);

    const stream = await storage.get(key);
    expect(stream).not.toBeNull();
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect([...bytes]).toEqual([137, 80, 78, 71]);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });
});
