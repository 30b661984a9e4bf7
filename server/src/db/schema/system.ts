import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id, instant } from './columns.ts';

/** Mail that the embedded mailer delivers to the database (rule 2); SMTP sends it instead when configured. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Attachments as JSON ({ filename, contentType, content(base64) }). */
    attachments: text('attachments', { mode: 'json' }).$type<
      { filename: string; contentType: string; content: string }[]
    >(),
    createdAt: instant('created_at')
      .notNull()
      .$defaultFn(() => new Date()),
    sentAt: instant('sent_at'),
    /** Delivery attempts so far (the outbox worker's retries, with exponential backoff). */
    attempts: integer('attempts').notNull().default(0),
    /** Epoch ms before which the worker does not try again. */
    nextAttemptAt: integer('next_attempt_at').notNull().default(0),
    /** Epoch ms until which one worker holds the row; another takes it over only after this. */
    leaseUntil: integer('lease_until'),
    lastError: text('last_error'),
    /** Set when the worker gave up after its last attempt. */
    failedAt: instant('failed_at'),
    /** `smtp`, or `log` for the embedded default (rule 2). */
    deliveredVia: text('delivered_via'),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

/** Scheduled jobs: one row per run key, so a run happens once across processes and restarts. */
export const jobRun = sqliteTable('job_run', {
  key: text('key').primaryKey(),
  job: text('job').notNull(),
  startedAt: instant('started_at').notNull(),
  finishedAt: instant('finished_at'),
  leaseUntil: integer('lease_until').notNull(),
  result: text('result'),
});
