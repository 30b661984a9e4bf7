import type { SeededConsultant } from './consultants.ts';
import { STATE_NAMES } from './consultants.ts';
import type { SeededFranchisor } from './franchises.ts';
import type { SeededMeeting } from './meetings.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, seededFaker, seedId } from './random.ts';
import { CHAT_SCRIPTS } from './reference-data.ts';
import type { DemoData, Row } from './tables.ts';

type Notify = (
  n: Omit<Row<'notification'>, 'id' | 'isRead'> & { createdAt: Date },
  isRead?: boolean,
) => void;

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Chats between franchisors and the consultants they met (every pair with a demo user, a third of
 * the others), notifications about meetings, reviews, charges and messages (old ones mostly read,
 * recent ones mostly not), and favourites.
 */
export function buildSocial(
  data: DemoData,
  ctx: {
    now: Date;
    meetings: SeededMeeting[];
    demoUserIds: Set<string>;
  },
) {
  const faker = seededFaker(4);
  const now = ctx.now.getTime();
  let notificationCount = 0;

  const notify: Notify = (n, read) => {
    const age = now - n.createdAt.getTime();
    const chance = faker.datatype.boolean({ probability: age > 3 * DAY_MS ? 0.9 : 0.35 });
    notificationCount += 1;
    data.notification.push({
      id: seedId('notification', notificationCount),
      isRead: read ?? chance,
      ...n,
    });
  };

  for (const m of ctx.meetings) {
    const f = m.franchisor;
    const c = m.consultant;
    const link = `/bookings/${m.id}`;
    notify({
      userId: c.id,
      actorId: f.id,
      type: 'booking_created',
      message: `${fullName(f)} from ${f.brand} booked a ${m.durationMinutes}-minute meeting with you.`,
      link,
      createdAt: m.createdAt,
    });
    if (m.status === 'pending') {
      notify({
        userId: c.id,
        actorId: f.id,
        type: 'booking_pending',
        message: `Your meeting with ${fullName(f)} has ended. Please mark it as completed.`,
        link,
        createdAt: m.endAt,
      });
    }
    if (m.markedAsCompletedAt) {
      notify({
        userId: f.id,
        actorId: c.id,
        type: 'booking_completed',
        message: `${fullName(c)} marked your meeting as completed.`,
        link,
        createdAt: m.markedAsCompletedAt,
      });
    }
    if (m.declinedAt) {
      notify({
        userId: f.id,
        actorId: c.id,
        type: 'booking_declined',
        message: `${fullName(c)} declined your meeting. Your payment hold has been released.`,
        link,
        createdAt: m.declinedAt,
      });
    }
    if (m.review) {
      notify({
        userId: c.id,
        actorId: f.id,
        type: 'review_received',
        message: `${fullName(f)} left you a ${m.review.rating}-star review.`,
        link,
        createdAt: m.review.at,
      });
    }
    if (m.charge) {
      notify({
        userId: f.id,
        actorId: c.id,
        type: m.charge.paid ? 'payment_charged' : 'payment_failed',
        message: m.charge.paid
          ? `Your card was charged ${dollars(m.amountCents)} for your meeting with ${fullName(c)}.`
          : `The payment of ${dollars(m.amountCents)} for your meeting with ${fullName(c)} was declined. Please update your card.`,
        link: m.charge.paid ? '/payments' : '/my-profile/payment-details',
        createdAt: m.charge.at,
      });
    }
  }

  // One chat per franchisor–consultant pair that met (or will meet).
  const pairs = new Map<string, SeededMeeting[]>();
  for (const m of ctx.meetings) {
    if (m.status === 'declined') continue;
    const key = `${m.franchisor.id}|${m.consultant.id}`;
    const list = pairs.get(key) ?? [];
    list.push(m);
    pairs.set(key, list);
  }
  let chatCount = 0;
  for (const list of pairs.values()) {
    const first = list.reduce((a, b) => (a.createdAt.getTime() <= b.createdAt.getTime() ? a : b));
    const f = first.franchisor;
    const c = first.consultant;
    const withDemo = ctx.demoUserIds.has(f.id) || ctx.demoUserIds.has(c.id);
    if (!faker.datatype.boolean({ probability: withDemo ? 1 : 0.33 })) continue;
    chatCount += 1;
    addChat(data, faker, {
      n: chatCount,
      franchisor: f,
      consultant: c,
      startAt: first.createdAt.getTime() - faker.number.int({ min: 1, max: 48 }) * HOUR_MS,
      now,
      withDemo,
      notify,
    });
  }

  // Favourites: franchisors keep some consultants they met, consultants some franchisors.
  const favorites = new Set<string>();
  for (const list of pairs.values()) {
    const m = list[0];
    if (!m) continue;
    const demo = ctx.demoUserIds.has(m.franchisor.id) || ctx.demoUserIds.has(m.consultant.id);
    if (faker.datatype.boolean({ probability: demo ? 0.6 : 0.25 })) {
      favorites.add(`${m.franchisor.id}|${m.consultant.id}`);
    }
    if (faker.datatype.boolean({ probability: demo ? 0.5 : 0.15 })) {
      favorites.add(`${m.consultant.id}|${m.franchisor.id}`);
    }
  }
  for (const key of favorites) {
    const [userId, targetUserId] = key.split('|') as [string, string];
    data.favorite.push({
      userId,
      targetUserId,
      createdAt: new Date(now - faker.number.int({ min: 1, max: 60 }) * DAY_MS),
    });
  }
}

function addChat(
  data: DemoData,
  faker: ReturnType<typeof seededFaker>,
  c: {
    n: number;
    franchisor: SeededFranchisor;
    consultant: SeededConsultant;
    startAt: number;
    now: number;
    withDemo: boolean;
    notify: Notify;
  },
) {
  const chatId = seedId('chat', c.n);
  const script = faker.helpers.arrayElement(CHAT_SCRIPTS);
  const fill = (text: string) =>
    text
      .replaceAll('{c}', c.consultant.firstName)
      .replaceAll('{f}', c.franchisor.firstName)
      .replaceAll('{brand}', c.franchisor.brand)
      .replaceAll('{category}', c.franchisor.category)
      .replaceAll('{state}', STATE_NAMES[c.franchisor.state] ?? c.franchisor.state);
  const messages: { senderId: string; body: string; at: number }[] = [];
  let at = Math.min(c.startAt, c.now - 2 * HOUR_MS);
  for (const line of script) {
    if (at >= c.now - MINUTE_MS) break;
    messages.push({
      senderId: line.from === 'f' ? c.franchisor.id : c.consultant.id,
      body: fill(line.text),
      at,
    });
    at += faker.number.int({ min: 3, max: 600 }) * MINUTE_MS;
  }
  const last = messages.at(-1);
  if (!last) return;
  data.chat.push({
    id: chatId,
    pairKey: [c.franchisor.id, c.consultant.id].sort().join(':'),
    lastMessageAt: new Date(last.at),
    createdAt: new Date(messages[0]?.at ?? last.at),
    updatedAt: new Date(last.at),
  });
  messages.forEach((m, k) => {
    data.message.push({
      id: seedId('message', `${chatId}:${k}`),
      chatId,
      senderId: m.senderId,
      body: m.body,
      createdAt: new Date(m.at),
    });
  });
  const recipient = last.senderId === c.franchisor.id ? c.consultant : c.franchisor;
  const unread = faker.datatype.boolean({ probability: c.withDemo ? 0.5 : 0.2 });
  const previous = messages.at(-2);
  for (const participant of [c.franchisor, c.consultant]) {
    const isRecipient = participant.id === recipient.id;
    data.chatParticipant.push({
      chatId,
      userId: participant.id,
      lastReadAt:
        isRecipient && unread ? (previous ? new Date(previous.at) : null) : new Date(last.at),
    });
  }
  const sender = recipient.id === c.franchisor.id ? c.consultant : c.franchisor;
  c.notify(
    {
      userId: recipient.id,
      actorId: sender.id,
      type: 'new_message',
      message: `${fullName(sender)} sent you a message.`,
      link: `/chats/${chatId}`,
      createdAt: new Date(last.at),
    },
    !unread,
  );
}
