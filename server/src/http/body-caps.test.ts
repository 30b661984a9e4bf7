import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { isUploadRoute } from './body-caps.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const multipart = 'multipart/form-data; boundary=----fm';
/**
 * Sends a body with node:http and resolves with the status: the server may answer 413 and close
 * before the upload ends, which fetch reports as a socket error instead of the response.
 */
function post(
  path: string,
  headers: Record<string, string>,
  write: (
    send: (chunk: string | Uint8Array) => boolean,
    answered: () => boolean,
  ) => Promise<void> | void,
): Promise<{ status: number; body: string }> {
  let gotResponse = false;
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { method: 'POST', headers, agent: false },
      (res) => {
        gotResponse = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // A write after the server answered and closed (EPIPE) is expected; a missing answer is not.
    req.on('error', (error) => setTimeout(() => reject(error), 1000));
    void Promise.resolve(
      write(
        (chunk) => req.write(chunk),
        () => gotResponse,
      ),
    ).then(() => req.end());
  });
}

/** A multipart body of roughly `bytes` bytes: one field full of filler. */
const bigMultipart = (bytes: number) =>
  `------fm\r\nContent-Disposition: form-data; name="details"\r\n\r\n${'x'.repeat(bytes)}\r\n------fm--\r\n`;

describe('body caps', () => {
  it('holds multipart bodies to the small cap on routes that take no files', async () => {
    const { token } = await server.signUp('franchisor');
    for (const [path, auth] of [
      ['/api/stripe/webhook', undefined],
      ['/api/users/support-request', token],
      ['/api/auth/sign-in/email', undefined],
      ['/api/auth/request-password-reset', undefined],
    ] as const) {
      const body = bigMultipart(2 * 1024 * 1024);
      const res = await post(
        path,
        {
          'content-type': multipart,
          'content-length': String(Buffer.byteLength(body)),
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        },
        (send) => {
          send(body);
        },
      );
      expect(res.status, path).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('counts a chunked body without Content-Length as it arrives', async () => {
    const chunk = 'x'.repeat(256 * 1024);
    // 8 MB in 256 KB chunks, no Content-Length: Transfer-Encoding is chunked.
    const res = await post(
      '/api/stripe/webhook',
      { 'content-type': multipart },
      async (send, answered) => {
        // Stop once the server has answered, as a real client would.
        for (let i = 0; i < 32 && !answered(); i += 1) {
          send(chunk);
          await new Promise((r) => setTimeout(r, 20));
        }
      },
    );
    expect(res.status).toBe(413);
  });

  it('lets upload routes take files above the small cap', async () => {
    const { token } = await server.signUp('consultant');
    const res = await server.fetch('/api/users/upload-images', {
      method: 'POST',
      headers: { 'content-type': multipart },
      body: bigMultipart(2 * 1024 * 1024),
      token,
    });
    // Past the cap: the route itself reads the body and says what is wrong with it.
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it('reads a JSON body sent in pieces as the web Request would: UTF-8 split across chunks, BOM dropped', async () => {
    const { token } = await server.signUp('franchisor');
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ firstName: 'Zoë 😀 Åsa' })),
    ]);
    // Cut inside the emoji's four bytes and inside the ë.
    const emoji = bytes.indexOf(Buffer.from('😀'));
    const cuts = [2, bytes.indexOf(Buffer.from('ë')) + 1, emoji + 1, emoji + 3, bytes.length];
    const patched = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${server.url}/api/users`,
        {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          agent: false,
        },
        (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (d: string) => {
            body += d;
          });
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      let from = 0;
      for (const cut of cuts) {
        req.write(bytes.subarray(from, cut));
        from = cut;
      }
      req.end();
    });
    expect(patched.status).toBe(200);
    expect(JSON.parse(patched.body)).toMatchObject({ firstName: 'Zoë 😀 Åsa' });
  });

  it('refuses a JSON body over the cap, declared or counted, and malformed JSON with 400', async () => {
    const { token } = await server.signUp('franchisor');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const big = JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024) });
    const declared = await post(
      '/api/users/support-request',
      { ...headers, 'content-length': String(Buffer.byteLength(big)) },
      (send) => {
        send(big);
      },
    );
    expect(declared.status).toBe(413);
    const chunk = 'x'.repeat(256 * 1024);
    const counted = await post('/api/users/support-request', headers, async (send, answered) => {
      send('{"details":"');
      for (let i = 0; i < 32 && !answered(); i += 1) {
        send(chunk);
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    expect(counted.status).toBe(413);
    const malformed = await post('/api/users/support-request', headers, (send) => {
      send('{"details": ');
    });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({ code: 'MALFORMED_BODY' });
  });

  it('knows which routes take uploads', () => {
    expect(isUploadRoute('PATCH', '/api/users', multipart)).toBe(true);
    expect(isUploadRoute('POST', '/api/chats/upload', multipart)).toBe(true);
    expect(isUploadRoute('PATCH', '/api/admin/users/u1', multipart)).toBe(true);
    expect(isUploadRoute('POST', '/api/chats/upload', 'application/json')).toBe(false);
    expect(isUploadRoute('GET', '/api/users', multipart)).toBe(false);
    expect(isUploadRoute('POST', '/api/users/support-request', multipart)).toBe(false);
    expect(isUploadRoute('PATCH', '/api/admin/users/u1/extra', multipart)).toBe(false);
  });
});
