import { createServer, type Server } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.ts';
import { createLogger, type Logger } from '../http/logger.ts';
import { freePort } from '../testing/api-process.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createOutboxMailer } from './mailer.ts';
import { createOutboxWorker, retryDelayMs } from './outbox-worker.ts';
import {
  createLogTransport,
  createNodemailerTransport,
  type MailTransport,
  mailTransportFromEnv,
  messageIdFor,
  type NodemailerLike,
  type OutgoingMail,
} from './transport.ts';

const FROM = 'Franchise Meet <no-reply@fm.example>';
const logger = createLogger('silent');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Queues one message through the real mailer and answers its row id. */
async function queue(subject: string): Promise<string> {
  const { db } = server.container;
  await createOutboxMailer({ db, logger }).send({
    to: 'reader@test.example',
    subject,
    text: `Body of ${subject}`,
  });
  const row = await db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)).get();
  if (!row) throw new Error('not queued');
  return row.id;
}

const rowOf = (id: string) =>
  server.container.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();

/** The MIME text nodemailer's stream transport builds: what an SMTP server would receive. */
function streamTransporter() {
  const sent: string[] = [];
  const stream = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const transporter: NodemailerLike = {
    async sendMail(mail) {
      const info = await stream.sendMail(mail);
      sent.push(String(info.message));
      return info;
    },
  };
  return { transporter, sent };
}

describe('the mail outbox worker', () => {
  it('backs off exponentially while SMTP refuses, then delivers once with the row’s Message-ID', async () => {
    const id = await queue('retried');
    // A real nodemailer SMTP transport to a port nobody listens on: connection refused.
    const refused = createTransport({
      host: '127.0.0.1',
      port: await freePort(),
      connectionTimeout: 2_000,
    });
    const stream = streamTransporter();
    let calls = 0;
    const transporter: NodemailerLike = {
      sendMail: (mail) =>
        ++calls <= 3 ? refused.sendMail(mail) : stream.transporter.sendMail(mail),
    };
    let clock = Date.parse('2026-11-25T10:00:00Z');
    const worker = createOutboxWorker({
      db: server.container.db,
      logger,
      now: () => new Date(clock),
      transport: createNodemailerTransport({ transporter, from: FROM }),
      baseDelayMs: 1_000,
      maxDelayMs: 60_000,
    });

    const waits: number[] = [];
    for (let failure = 1; failure <= 3; failure++) {
      expect(await worker.drainOnce()).toEqual({ delivered: 0, retried: 1, gaveUp: 0 });
      const row = await rowOf(id);
      expect(row?.attempts).toBe(failure);
      expect(row?.lastError).toMatch(/ECONNREFUSED/);
      expect(row?.sentAt).toBeNull();
      const wait = (row?.nextAttemptAt ?? 0) - clock;
      waits.push(wait);
      // Not a moment before its time.
      clock += wait - 1;
      expect(await worker.drainOnce()).toEqual({ delivered: 0, retried: 0, gaveUp: 0 });
      clock += 1;
    }
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(await worker.drainOnce()).toEqual({ delivered: 1, retried: 0, gaveUp: 0 });
    const row = await rowOf(id);
    expect(row?.sentAt?.getTime()).toBe(clock);
    expect(row).toMatchObject({ attempts: 4, deliveredVia: 'smtp', lastError: null });
    expect(stream.sent).toHaveLength(1);
    expect(stream.sent[0]).toContain(`Message-ID: ${messageIdFor(id, FROM)}`);
    expect(messageIdFor(id, FROM)).toBe(`<${id}@fm.example>`);
    // Delivered means done: later rounds send nothing.
    clock += 3_600_000;
    expect(await worker.drainOnce()).toEqual({ delivered: 0, retried: 0, gaveUp: 0 });
    expect(stream.sent).toHaveLength(1);
  });

  it('a worker stopped between sending and marking: the row is sent once more, with the same Message-ID, and then never again', async () => {
    const id = await queue('crash between send and mark');
    const stream = streamTransporter();
    let clock = Date.parse('2026-11-25T11:00:00Z');
    const now = () => new Date(clock);
    let releaseFrozen: () => void = () => {};
    // Worker A hands the message to SMTP, then its process stops before it can mark the row.
    const frozen: MailTransport = {
      name: 'smtp',
      async deliver(mail: OutgoingMail) {
        await createNodemailerTransport({ transporter: stream.transporter, from: FROM }).deliver(
          mail,
        );
        await new Promise<void>((resume) => {
          releaseFrozen = resume;
        });
      },
    };
    const db = server.container.db;
    const a = createOutboxWorker({ db, logger, now, transport: frozen, leaseMs: 60_000 });
    const aRound = a.drainOnce();
    while (stream.sent.length === 0) await new Promise((r) => setTimeout(r, 5));
    const b = createOutboxWorker({
      db,
      logger,
      now,
      leaseMs: 60_000,
      transport: createNodemailerTransport({ transporter: stream.transporter, from: FROM }),
    });
    // While A's lease holds, nobody else takes the row.
    clock += 59_999;
    expect(await b.drainOnce()).toEqual({ delivered: 0, retried: 0, gaveUp: 0 });
    // A's lease ran out: B takes the row over and sends it again.
    clock += 1;
    expect(await b.drainOnce()).toEqual({ delivered: 1, retried: 0, gaveUp: 0 });
    expect(stream.sent).toHaveLength(2);
    const ids = stream.sent.map((raw) => /^Message-ID: (.+)$/m.exec(raw)?.[1]);
    expect(ids).toEqual([messageIdFor(id, FROM), messageIdFor(id, FROM)]);
    // Should A ever come back, it finds the row delivered; no round sends it a third time.
    releaseFrozen();
    await aRound;
    clock += 86_400_000;
    expect(await b.drainOnce()).toEqual({ delivered: 0, retried: 0, gaveUp: 0 });
    expect(stream.sent).toHaveLength(2);
    expect((await rowOf(id))?.attempts).toBe(2);
  });

  it('two workers draining together deliver every row exactly once', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, k) => queue(`together ${k}`)));
    const delivered: string[] = [];
    const slow: MailTransport = {
      name: 'smtp',
      async deliver(mail) {
        await new Promise((r) => setTimeout(r, 3));
        delivered.push(mail.id);
      },
    };
    const db = server.container.db;
    const options = { db, logger, transport: slow, batchSize: 4 };
    await Promise.all([createOutboxWorker(options).drain(), createOutboxWorker(options).drain()]);
    const ours = delivered.filter((d) => ids.includes(d));
    expect(ours.sort()).toEqual([...ids].sort());
    const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('gives a row up after its last attempt and leaves it for support', async () => {
    const id = await queue('never deliverable');
    let clock = Date.parse('2026-11-25T12:00:00Z');
    const failing: MailTransport = {
      name: 'smtp',
      deliver: () => Promise.reject(new Error('550 mailbox unavailable')),
    };
    const worker = createOutboxWorker({
      db: server.container.db,
      logger,
      now: () => new Date(clock),
      transport: failing,
      maxAttempts: 3,
      baseDelayMs: 1_000,
    });
    const outcomes = [];
    for (let k = 0; k < 3; k++) {
      outcomes.push(await worker.drainOnce());
      clock += 3_600_000;
    }
    expect(outcomes.map((o) => o.gaveUp)).toEqual([0, 0, 1]);
    expect(await rowOf(id)).toMatchObject({ attempts: 3, lastError: '550 mailbox unavailable' });
    expect((await rowOf(id))?.failedAt).not.toBeNull();
    expect(await worker.drainOnce()).toEqual({ delivered: 0, retried: 0, gaveUp: 0 });
  });

  it('without SMTP (rule 2) the row stays in the outbox and is marked delivered to the log', async () => {
    const id = await queue('embedded default');
    const sentAt = new Date('2026-11-29T09:30:00.125Z');
    const worker = createOutboxWorker({
      db: server.container.db,
      logger,
      now: () => sentAt,
      transport: createLogTransport({ logger, from: FROM }),
    });
    await worker.drain();
    expect(await rowOf(id)).toMatchObject({ deliveredVia: 'log', attempts: 1, sentAt });
  });

  it('without SMTP the log line carries the text (its links) except in production', async () => {
    const lines: unknown[] = [];
    const capture: Logger = {
      info: (_message, detail) => lines.push(detail),
      error: () => {},
      debug: () => {},
    };
    const mail = {
      id: 'm1',
      to: 'reader@test.example',
      subject: 'Reset your password',
      text: 'Use this link: https://fm.example/reset-password?token=t1',
    };
    for (const NODE_ENV of ['development', 'production']) {
      const transport = await mailTransportFromEnv({ MAIL_FROM: FROM, NODE_ENV }, capture);
      await transport.deliver(mail);
    }
    expect(lines).toEqual([
      expect.objectContaining({ to: mail.to, subject: mail.subject, text: mail.text }),
      expect.not.objectContaining({ text: expect.anything() }),
    ]);
    expect(lines[1]).toMatchObject({ to: mail.to, subject: mail.subject });
  });

  it('lets other work run between mails, even through a transport that answers at once', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, k) => queue(`backlog ${k}`)));
    const worker = createOutboxWorker({
      db: server.container.db,
      logger,
      transport: createLogTransport({ logger, from: FROM }),
    });
    // Another piece of work that needs a turn of the event loop each time, as a request does.
    let turns = 0;
    let draining = true;
    const otherWork = () => {
      if (!draining) return;
      turns += 1;
      setImmediate(otherWork);
    };
    setImmediate(otherWork);
    const result = await worker.drain();
    draining = false;
    expect(result.delivered).toBeGreaterThanOrEqual(ids.length);
    // It had a turn before each mail, not only once the backlog was done.
    expect(turns).toBeGreaterThanOrEqual(result.delivered);
    const rows = await server.container.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });

  it('queued inside a transaction, a mail exists only if the transaction commits', async () => {
    const { db } = server.container;
    const mailer = createOutboxMailer({ db, logger });
    const message = { to: 'tx@test.example', text: 'Hello' };
    await db
      .transaction(async (tx) => {
        await mailer.send({ ...message, subject: 'rolled back' }, { tx });
        throw new Error('the write it belonged to failed');
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await mailer.send({ ...message, subject: 'committed' }, { tx });
    });
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'tx@test.example'));
    expect(rows.map((r) => r.subject)).toEqual(['committed']);
  });

  it('the backoff doubles and is capped', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(n, 10_000, 60_000))).toEqual([
      10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });
});

describe('no request waits on SMTP', () => {
  let silentSmtp: Server;
  let api: TestServer;
  beforeAll(async () => {
    // Accepts connections and never says a word: an SMTP client would wait for its greeting.
    silentSmtp = createServer(() => {});
    await new Promise<void>((ready) => silentSmtp.listen(0, '127.0.0.1', ready));
    const address = silentSmtp.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    api = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await api.close();
    silentSmtp.close();
  });

  it('a password-reset request answers at once and leaves the mail queued for the worker', async () => {
    const account = await api.signUp('franchisor');
    const started = Date.now();
    const res = await api.fetch('/api/auth/forgot-password', {
      method: 'POST',
      body: JSON.stringify({ email: account.user.email }),
    });
    expect(res.status).toBeLessThan(300);
    expect(Date.now() - started).toBeLessThan(2_000);
    const rows = await api.container.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, account.user.email));
    const reset = rows.find((r) => r.subject.toLowerCase().includes('password'));
    expect(reset).toBeDefined();
    expect(reset?.sentAt).toBeNull();
    expect(reset?.attempts).toBe(0);
  });
});
