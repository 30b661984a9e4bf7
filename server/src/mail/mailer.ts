import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Logger } from '../http/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** Where e-mail goes: the outbox table by default (D2), SMTP when `SMTP_URL` is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The embedded mailer: every message lands in `mail_outbox` (and a line in the log).
 * @example await createOutboxMailer({ db, logger }).send({ to, subject, text });
 */
export function createOutboxMailer(deps: { db: Db; logger: Logger }): Mailer {
  return {
    async send(message) {
      await deps.db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        attachments: message.attachments ?? null,
      });
      deps.logger.info('mail queued in outbox', { to: message.to, subject: message.subject });
    },
  };
}

/** Sends through SMTP with nodemailer, keeping a copy in the outbox for support and tests. */
export async function createSmtpMailer(deps: {
  db: Db;
  logger: Logger;
  smtpUrl: string;
  from: string;
}): Promise<Mailer> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(deps.smtpUrl);
  const outbox = createOutboxMailer(deps);
  return {
    async send(message) {
      await outbox.send(message);
      await transport.sendMail({
        from: deps.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.content, 'base64'),
              })),
            }
          : {}),
      });
    },
  };
}
