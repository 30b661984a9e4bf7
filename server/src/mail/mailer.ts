import type { BatchStatement, Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Logger } from '../http/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

/**
 * Where e-mail goes: always the `mail_outbox` table (rule 2). Sending is the outbox worker's job
 * (`outbox-worker.ts`), so no request ever waits on SMTP and a restart loses nothing.
 */
export interface Mailer {
  /**
   * Queues one message. Pass the caller's transaction as `tx` to queue it atomically with the
   * write it belongs to (a rolled-back transaction then sends nothing).
   */
  send(message: MailMessage, options?: { tx?: Tx | Db }): Promise<void>;
  /**
   * Messages as one outbox insert for a batch the caller runs (e.g. with the booking it belongs
   * to); call `queued` once the batch committed, for the log lines.
   */
  batch(messages: readonly MailMessage[]): { statements: BatchStatement[]; queued(): void };
}

const outboxRow = (message: MailMessage) => ({
  id: crypto.randomUUID(),
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html ?? null,
  attachments: message.attachments ?? null,
});

/**
 * The one mailer: every message becomes an outbox row (and a line in the log); the worker delivers it.
 * @example await createOutboxMailer({ db, logger }).send({ to, subject, text });
 * @example await db.transaction(async (tx) => { …; await mailer.send(message, { tx }); });
 */
export function createOutboxMailer(deps: { db: Db; logger: Logger }): Mailer {
  const logQueued = (row: ReturnType<typeof outboxRow>) =>
    deps.logger.info('mail queued in outbox', { id: row.id, to: row.to, subject: row.subject });
  return {
    async send(message, options = {}) {
      const target = options.tx ?? deps.db;
      const row = outboxRow(message);
      await target.insert(mailOutbox).values(row);
      logQueued(row);
    },
    batch(messages) {
      const rows = messages.map(outboxRow);
      return {
        statements: rows.length > 0 ? [deps.db.insert(mailOutbox).values(rows)] : [],
        queued: () => {
          for (const row of rows) logQueued(row);
        },
      };
    },
  };
}
