import type { Logger } from '../http/logger.ts';
import type { MailMessage } from './mailer.ts';

/** One message as the worker hands it to a transport, with its stable id. */
export interface OutgoingMail extends MailMessage {
  /** The outbox row's id: the same on every attempt, so `Message-ID` lets receivers de-duplicate. */
  id: string;
}

/** How the outbox worker delivers a message; a rejection means "try again later". */
export interface MailTransport {
  /** Recorded on the row as `delivered_via`. */
  readonly name: 'smtp' | 'log' | (string & {});
  deliver(mail: OutgoingMail): Promise<void>;
}

/** The address part of a `From` such as `Name <a@b.example>`. */
function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'franchisemeet.local';
}

/**
 * `Message-ID` of an outbox row: stable across attempts (the row id), so a message re-sent after a
 * crash between sending and marking is recognised as the same one by the receiver.
 * @example messageIdFor('5f0c…', 'Franchise Meet <no-reply@fm.example>') // '<5f0c…@fm.example>'
 */
export function messageIdFor(id: string, from: string): string {
  return `<${id}@${domainOf(from)}>`;
}

/** The nodemailer part we use (a real SMTP transport, or its stream/JSON transports in tests). */
export interface NodemailerLike {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    messageId: string;
    attachments?: { filename: string; contentType: string; content: Buffer }[];
  }): Promise<unknown>;
  close?(): void;
}

/**
 * Delivers through nodemailer with the row's stable `Message-ID`.
 * @example createNodemailerTransport({ transporter: createTransport({ streamTransport: true }), from })
 */
export function createNodemailerTransport(deps: {
  transporter: NodemailerLike;
  from: string;
}): MailTransport {
  return {
    name: 'smtp',
    async deliver(mail) {
      await deps.transporter.sendMail({
        from: deps.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: messageIdFor(mail.id, deps.from),
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments
          ? {
              attachments: mail.attachments.map((a) => ({
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

/**
 * SMTP from `SMTP_URL`, with timeouts well inside the worker's lease so a hung server cannot make
 * two workers send the same row at once.
 * @example const transport = await createSmtpTransport({ smtpUrl: 'smtps://user:pass@smtp.example', from });
 */
export async function createSmtpTransport(deps: {
  smtpUrl: string;
  from: string;
}): Promise<MailTransport> {
  const { createTransport } = await import('nodemailer');
  const transporter = createTransport({
    url: deps.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return createNodemailerTransport({ transporter, from: deps.from });
}

/**
 * The embedded default (rule 2, no `SMTP_URL`): the row stays in the outbox as the record and is marked
 * delivered to the log. With `withText` (anywhere but production) the line carries the mail's text,
 * so whoever runs the demo can follow a reset or activation link; in production the links stay out
 * of the logs.
 */
export function createLogTransport(deps: {
  logger: Logger;
  from: string;
  withText?: boolean;
}): MailTransport {
  return {
    name: 'log',
    async deliver(mail) {
      deps.logger.info('mail delivered to the log', {
        messageId: messageIdFor(mail.id, deps.from),
        to: mail.to,
        subject: mail.subject,
        ...(deps.withText ? { text: mail.text } : {}),
      });
    },
  };
}

/**
 * The transport the configuration asks for: SMTP with `SMTP_URL`, else the log (rule 2).
 * @example const transport = await mailTransportFromEnv(env, logger);
 */
export function mailTransportFromEnv(
  env: { SMTP_URL?: string | undefined; MAIL_FROM: string; NODE_ENV: string },
  logger: Logger,
): Promise<MailTransport> | MailTransport {
  return env.SMTP_URL
    ? createSmtpTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
    : createLogTransport({
        logger,
        from: env.MAIL_FROM,
        withText: env.NODE_ENV !== 'production',
      });
}
