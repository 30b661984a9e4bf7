import { startTestServer, type TestServer } from '@fm/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { memoryTokenStore } from './token-store.ts';
import { canReportUploadProgress } from './upload-progress.ts';

/**
 * Browsers report upload progress through `XMLHttpRequest`, which Node lacks. This stand-in does
 * what a browser's does for our adapter — sends the request over real HTTP (with Node's fetch),
 * fires `upload.onprogress` and hands back status, headers and body — so the adapter and ky's
 * credential hooks around it run for real against the real server. (The browser itself is
 * exercised by the chat page's end-to-end test.)
 */
class NodeXhr {
  static sent: { method: string; url: string; headers: Record<string, string> }[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  responseType = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  response: Blob | null = null;
  #method = 'GET';
  #url = '';
  #headers: Record<string, string> = {};
  #responseHeaders = new Headers();
  #controller = new AbortController();

  open(method: string, url: string) {
    this.#method = method;
    this.#url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.#headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return [...this.#responseHeaders].map(([k, v]) => `${k}: ${v}`).join('\r\n');
  }
  abort() {
    this.#controller.abort();
  }
  send(body: Blob | null) {
    NodeXhr.sent.push({ method: this.#method, url: this.#url, headers: { ...this.#headers } });
    const total = body?.size ?? 0;
    const progress = (loaded: number) =>
      this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
    fetch(this.#url, {
      method: this.#method,
      headers: this.#headers,
      body,
      signal: this.#controller.signal,
    }).then(
      async (res) => {
        progress(Math.floor(total / 2));
        progress(total);
        this.status = res.status;
        this.statusText = res.statusText;
        this.#responseHeaders = res.headers;
        this.response = await res.blob();
        this.onload?.();
      },
      () => (this.#controller.signal.aborted ? this.onabort?.() : this.onerror?.()),
    );
  }
}

const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const png = () => new Blob([PNG as Uint8Array<ArrayBuffer>], { type: 'image/png' });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  NodeXhr.sent = [];
});

async function consultantClient() {
  const account = await server.signUp('consultant');
  const tokenStore = memoryTokenStore(account);
  return {
    account,
    tokenStore,
    api: createClient({ baseUrl: `${server.url}/api`, tokenStore }),
  };
}

describe('uploads with progress through XMLHttpRequest', () => {
  it('reports progress and sends the credentials and the multipart body', async () => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = NodeXhr;
    expect(canReportUploadProgress()).toBe(true);
    const { api, account } = await consultantClient();
    const seen: [number, number][] = [];
    const attachment = await api.messages.upload(png(), {
      name: 'pool.png',
      onProgress: ({ loaded, total }) => seen.push([loaded, total]),
    });
    expect(attachment).toMatchObject({ kind: 'image', name: 'pool.png', size: PNG.byteLength });
    const [request] = NodeXhr.sent;
    expect(request).toMatchObject({ method: 'POST', url: `${server.url}/api/chats/upload` });
    expect(request?.headers.authorization).toBe(`Bearer ${account.token}`);
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.length).toBe(2);
    const total = seen[1]?.[1] ?? 0;
    expect(total).toBeGreaterThan(PNG.byteLength);
    expect(seen).toEqual([
      [Math.floor(total / 2), total],
      [total, total],
    ]);
  });

  it('keeps the refresh behaviour: an expired access token is renewed from the answer headers', async () => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = NodeXhr;
    const { api, account, tokenStore } = await consultantClient();
    await server.expireAccessToken(account.token);
    await expect(api.messages.upload(png(), { onProgress: () => {} })).resolves.toMatchObject({
      kind: 'image',
    });
    const renewed = tokenStore.get()?.token;
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(account.token);
  });

  it('turns refusals and cancellations into ApiErrors with the operation text', async () => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = NodeXhr;
    const { api } = await consultantClient();
    await expect(
      api.messages.upload(new Blob(['not a picture']), { name: 'x.png', onProgress: () => {} }),
    ).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/^Error uploading attachment: /),
    });
    const controller = new AbortController();
    controller.abort();
    await expect(
      api.messages.upload(png(), { onProgress: () => {}, signal: controller.signal }),
    ).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
