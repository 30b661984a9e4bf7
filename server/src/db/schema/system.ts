import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id, instant } from './columns.ts';

/** Mail that the embedded mailer delivers to the database (D2); SMTP sends it instead when configured. */
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
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
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
