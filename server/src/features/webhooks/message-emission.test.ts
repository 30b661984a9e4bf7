import { describe, expect, it } from 'vitest';
import {
  api,
  chatTestWorld,
  consultant,
  franchisor,
  PDF_BYTES,
  startChat,
  uploadFile,
} from '../messaging/test-fixtures.ts';
import { queuedFor, queuedOf, subscribe } from './emission-fixtures.ts';

// Rule 21: a chat message is told to the recipient's side only — a consultant's endpoints, or the
// franchise of the franchisor it reached — never to the sender's own endpoints.
const world = chatTestWorld();
const db = () => world.server.container.db;

const franchiseOf = async (userId: string) =>
  (await db().query.user.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))?.franchiseId ?? '';

describe('message.received (rule 21)', () => {
  it("goes to the recipient's endpoints, with the sender, text and file names; never the sender's", async () => {
    const brand = await franchisor(world.server, { firstName: 'Ben' });
    const nora = await consultant(world.server, { firstName: 'Nora' });
    const brandId = await franchiseOf(brand.id);
    const ears = {
      franchise: await subscribe(db(), { franchiseId: brandId }, ['message.received']),
      consultant: await subscribe(db(), { consultantId: nora.id }, ['message.received']),
      consultantOff: await subscribe(db(), { consultantId: nora.id }, ['message.received'], {
        enabled: false,
      }),
      consultantMeetings: await subscribe(db(), { consultantId: nora.id }, ['meeting.booked']),
    };
    const chatId = await startChat(world.server, brand, nora);
    const file = await uploadFile(
      world.server,
      brand.token,
      PDF_BYTES,
      'plan.pdf',
      'application/pdf',
    );
    expect(file.status).toBe(201);

    // The franchisor writes: the consultant's endpoint hears of it, the franchise's does not.
    const sent = await api<{ id: string; createdAt: string }>(
      world.server,
      'POST',
      `/api/chats/${chatId}/messages`,
      brand.token,
      { text: 'Here is the plan', attachmentIds: [file.body.id] },
    );
    expect(sent.status).toBe(201);
    const [toNora] = await queuedOf(db(), ears.consultant, 'message.received');
    expect(toNora?.data.message).toEqual({
      id: sent.body.id,
      chatId,
      sender: { id: brand.id, firstName: 'Ben', lastName: 'franchisor' },
      text: 'Here is the plan',
      attachments: ['plan.pdf'],
      sentAt: sent.body.createdAt,
    });
    expect(await queuedFor(db(), ears.franchise)).toEqual([]);

    // The consultant answers: the franchise's endpoint hears of it, the consultant's does not.
    world.tick(1_000);
    const reply = await api<{ id: string }>(
      world.server,
      'POST',
      `/api/chats/${chatId}/messages`,
      nora.token,
      { text: 'Thanks' },
    );
    expect(reply.status).toBe(201);
    const [toBrand] = await queuedOf(db(), ears.franchise, 'message.received');
    expect(toBrand?.data.message).toMatchObject({
      id: reply.body.id,
      sender: { id: nora.id, firstName: 'Nora' },
      text: 'Thanks',
      attachments: [],
    });
    expect(await queuedFor(db(), ears.consultant)).toHaveLength(1);

    // A refused message (a file already sent) queues nothing.
    const refused = await api(world.server, 'POST', `/api/chats/${chatId}/messages`, brand.token, {
      text: 'Again',
      attachmentIds: [file.body.id],
    });
    expect(refused.status).toBe(422);
    expect(await queuedFor(db(), ears.consultant)).toHaveLength(1);
    expect(await queuedFor(db(), ears.consultantOff)).toEqual([]);
    expect(await queuedFor(db(), ears.consultantMeetings)).toEqual([]);
  });
});
