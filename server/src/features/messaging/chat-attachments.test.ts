import { CHAT_ATTACHMENT_MAX_BYTES, type ChatMessage } from '@fm/sdk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, messageAttachment, upload } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  api,
  consultant,
  franchisor,
  PDF_BYTES,
  PNG_BYTES,
  startChat,
  uploadFile,
} from './test-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const text = (s: string) => new TextEncoder().encode(s);
const uploadCount = async () => (await server.container.db.select().from(upload)).length;

describe('POST /api/chats/upload', () => {
  it('accepts images and documents by their content and tells which is which', async () => {
    const f = await franchisor(server);
    const png = await uploadFile(server, f.token, PNG_BYTES, 'pool.png', 'image/png');
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      name: 'pool.png',
      size: PNG_BYTES.byteLength,
      url: `/api/chats/attachments/${png.body.id}`,
    });
    // The declared type does not matter: the bytes do.
    const pdf = await uploadFile(server, f.token, PDF_BYTES, 'fdd.pdf', 'image/png');
    expect(pdf.body).toMatchObject({ kind: 'document', mime: 'application/pdf', name: 'fdd.pdf' });
    const notes = await uploadFile(
      server,
      f.token,
      text('Unit economics:\n- rent 4k\n'),
      'notes.txt',
    );
    expect(notes.body).toMatchObject({ kind: 'document', mime: 'text/plain' });
    const csv = await uploadFile(server, f.token, text('a,b\n1,2\n'), 'numbers.csv');
    expect(csv.body).toMatchObject({ kind: 'document', mime: 'text/csv' });
  });

  it('refuses by content: text dressed as an image, programs and unknown bytes (415)', async () => {
    const f = await franchisor(server);
    const before = await uploadCount();
    const cases: [Uint8Array, string][] = [
      [text('I am not a picture'), 'photo.png'],
      [text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.svg'],
      [text('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'), 'setup.exe'],
      [Uint8Array.from([0, 1, 2, 3, 4, 5, 0, 0, 255]), 'data.txt'],
      [new Uint8Array(0), 'empty.txt'],
    ];
    for (const [bytes, name] of cases) {
      const res = await uploadFile(server, f.token, bytes, name);
      expect(res.status, name).toBe(415);
      expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect(await uploadCount()).toBe(before);
  });

  it('refuses files over 20 MB (413) and stores nothing', async () => {
    const f = await franchisor(server);
    const before = await uploadCount();
    const big = new Uint8Array(CHAT_ATTACHMENT_MAX_BYTES + 1);
    big.set(PDF_BYTES);
    const res = await uploadFile(server, f.token, big, 'huge.pdf');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await uploadCount()).toBe(before);
  });

  it('needs one file, a signed-in user and messaging rights (rule 11)', async () => {
    const none = await franchisor(server, { subscription: null });
    const refused = await uploadFile(server, none.token, PNG_BYTES, 'a.png');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
    const inactive = await consultant(server, { verified: false });
    expect((await uploadFile(server, inactive.token, PNG_BYTES, 'a.png')).body).toMatchObject({
      code: 'PROFILE_INACTIVE',
    });
    const guest = await server.fetch('/api/chats/upload', { method: 'POST', body: new FormData() });
    expect(guest.status).toBe(401);
    const f = await franchisor(server);
    const empty = await server.fetch('/api/chats/upload', {
      method: 'POST',
      token: f.token,
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
  });
});

describe('attachments in messages', () => {
  it('sends files with a message; only the participants can fetch them', async () => {
    const f = await franchisor(server);
    const c = await consultant(server);
    const outsider = await consultant(server);
    const chatId = await startChat(server, f, c);
    const png = await uploadFile(server, f.token, PNG_BYTES, 'pool.png');
    const pdf = await uploadFile(server, f.token, PDF_BYTES, 'Überblick "FDD".pdf');
    const fileUrl = String(png.body.url);

    // Before it is sent, only the uploader can fetch it.
    expect((await server.fetch(fileUrl, { token: f.token })).status).toBe(200);
    expect((await server.fetch(fileUrl, { token: c.token })).status).toBe(404);

    const sent = await api<ChatMessage>(server, 'POST', `/api/chats/${chatId}/messages`, f.token, {
      attachmentIds: [png.body.id, pdf.body.id],
    });
    expect(sent.status).toBe(201);
    expect(sent.body.text).toBe('');
    expect(sent.body.attachments).toEqual([png.body, pdf.body]);

    const image = await server.fetch(fileUrl, { token: c.token });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(image.headers.get('cache-control')).toContain('private');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG_BYTES);
    const doc = await server.fetch(String(pdf.body.url), { token: c.token });
    expect(doc.headers.get('content-disposition')).toBe(
      `attachment; filename="_berblick _FDD_.pdf"; filename*=UTF-8''%C3%9Cberblick%20%22FDD%22.pdf`,
    );

    for (const token of [outsider.token, undefined]) {
      const res = await server.fetch(fileUrl, token ? { token } : {});
      expect(res.status).toBe(token ? 404 : 401);
    }
    // The general file route never serves chat files, to anyone.
    expect((await server.fetch(`/api/files/${png.body.id}`, { token: c.token })).status).toBe(404);
    expect((await server.fetch(`/api/files/${png.body.id}`, { token: f.token })).status).toBe(404);
  });

  it("refuses someone else's upload, an upload already sent and unknown ids (422), storing nothing", async () => {
    const f = await franchisor(server);
    const c = await consultant(server);
    const chatId = await startChat(server, f, c);
    const mine = await uploadFile(server, f.token, PNG_BYTES, 'a.png');
    const theirs = await uploadFile(server, c.token, PNG_BYTES, 'b.png');
    const sendWith = (ids: unknown[]) =>
      api(server, 'POST', `/api/chats/${chatId}/messages`, f.token, {
        text: 'see',
        attachmentIds: ids,
      });
    expect((await sendWith([mine.body.id])).status).toBe(201);
    for (const ids of [[mine.body.id], [theirs.body.id], ['no-such-file']]) {
      const res = await sendWith(ids);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'RULE_VIOLATION',
        errors: { attachmentIds: expect.any(String) },
      });
    }
    // A profile image is not a chat file either.
    const profileImage = await server.fetch('/api/users/upload-images', {
      method: 'POST',
      token: f.token,
      body: (() => {
        const form = new FormData();
        form.append('image', new File([PNG_BYTES as Uint8Array<ArrayBuffer>], 'me.png'));
        return form;
      })(),
    });
    const imageId = ((await profileImage.json()) as { id: string }).id;
    expect((await sendWith([imageId])).status).toBe(422);

    const messages = await server.container.db
      .select()
      .from(message)
      .where(eq(message.chatId, chatId));
    expect(messages).toHaveLength(1);
    const links = await server.container.db
      .select()
      .from(messageAttachment)
      .where(eq(messageAttachment.uploadId, String(mine.body.id)));
    expect(links).toHaveLength(1);
  });

  it('lets two concurrent messages claim one upload only once', async () => {
    const f = await franchisor(server);
    const c = await consultant(server);
    const chatId = await startChat(server, f, c);
    const file = await uploadFile(server, f.token, PDF_BYTES, 'x.pdf');
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        api(server, 'POST', `/api/chats/${chatId}/messages`, f.token, {
          attachmentIds: [file.body.id],
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
  });
});
