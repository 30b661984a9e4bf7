import { WEBHOOK_RESPONSE_BODY_MAX_BYTES } from '@fm/sdk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook, type WebhookResolver } from './send.ts';
import { startTestReceiver, type TestReceiver } from './test-receiver.ts';

let receiver: TestReceiver;
let target: TestReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver();
  target = await startTestReceiver();
});
afterAll(async () => {
  await receiver.close();
  await target.close();
});

const body = '{"type":"meeting.booked"}';
const send = (
  url: string,
  extra: { isProduction?: boolean; resolve?: WebhookResolver; timeoutMs?: number } = {},
) =>
  sendWebhook({
    url,
    headers: { 'content-type': 'application/json' },
    body,
    isProduction: false,
    ...extra,
  });

describe('sending a webhook safely (rule 21)', () => {
  it('posts the body as is and counts a 2xx as delivered', async () => {
    receiver.answer((res) => res.writeHead(202).end('queued'));
    const result = await send(`${receiver.url}/in`);
    expect(result).toMatchObject({ ok: true, responseStatus: 202, response: 'queued' });
    expect(receiver.requests.at(-1)?.body).toBe(body);
  });

  it('does not follow a redirect: a 3xx is a failed attempt and its target gets nothing', async () => {
    receiver.answer((res) => res.writeHead(307, { location: `${target.url}/elsewhere` }).end());
    const result = await send(`${receiver.url}/moved`);
    expect(result).toMatchObject({ ok: false, responseStatus: 307 });
    expect(target.connections()).toBe(0);
    expect(target.requests).toHaveLength(0);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    receiver.answer(() => {}); // holds the request
    const started = Date.now();
    const result = await send(`${receiver.url}/slow`, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toMatchObject({
      ok: false,
      responseStatus: null,
      response: 'No answer within 300 ms',
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('reads at most WEBHOOK_RESPONSE_BODY_MAX_BYTES of a huge answer', async () => {
    const huge = 'x'.repeat(8 * 1024 * 1024);
    receiver.answer((res) => res.writeHead(200).end(huge));
    const result = await send(`${receiver.url}/huge`, { timeoutMs: 5_000 });
    expect(result.ok).toBe(true);
    expect(Buffer.byteLength(result.response)).toBe(WEBHOOK_RESPONSE_BODY_MAX_BYTES);
  });

  it('outside production sends plain http only to loopback', async () => {
    const result = await send('http://crm.example.com/hook');
    expect(result).toMatchObject({ ok: false, responseStatus: null });
    expect(result.response).toMatch(/^Not sent: Use an https/);
  });

  it('in production refuses plain http and a literal loopback address before connecting', async () => {
    const before = receiver.connections();
    for (const url of [
      `http://127.0.0.1:${receiver.port}/`,
      `https://127.0.0.1:${receiver.port}/`,
      `https://[::ffff:127.0.0.1]:${receiver.port}/`,
    ]) {
      const result = await send(url, { isProduction: true });
      expect(result, url).toMatchObject({ ok: false, responseStatus: null });
      expect(result.response, url).toMatch(/^Not sent: /);
    }
    expect(receiver.connections()).toBe(before);
  });

  it('in production refuses, at connection time, a name that now resolves to a private address (DNS rebinding)', async () => {
    const before = receiver.connections();
    const asked: string[] = [];
    const rebinding: WebhookResolver = async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const result = await send(`https://crm.brand.example:${receiver.port}/hook`, {
      isProduction: true,
      resolve: rebinding,
    });
    expect(asked).toEqual(['crm.brand.example']);
    expect(result).toMatchObject({ ok: false, responseStatus: null });
    expect(result.response).toBe('Not sent: crm.brand.example resolves to a non-public address');
    // One public and one private address is refused too.
    const mixed = await send(`https://crm.brand.example:${receiver.port}/hook`, {
      isProduction: true,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });
    expect(mixed.response).toMatch(/non-public address/);
    expect(receiver.connections()).toBe(before);
  });

  it('outside production the same resolved loopback address is reached', async () => {
    receiver.answer((res) => res.writeHead(204).end());
    const result = await send(`http://hooks.localhost:${receiver.port}/hook`, {
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(result).toMatchObject({ ok: true, responseStatus: 204 });
  });
});
