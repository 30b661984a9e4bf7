ALTER TABLE `mail_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `next_attempt_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `lease_until` integer;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `failed_at` integer;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `delivered_via` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`next_attempt_at`) WHERE "mail_outbox"."sent_at" IS NULL AND "mail_outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX `rate_limit_window_idx` ON `rate_limit` (`window_start`);--> statement-breakpoint
-- Mail queued before the worker existed was already sent inline (SMTP) or only kept: never send it again.
UPDATE `mail_outbox` SET `sent_at` = `created_at`, `delivered_via` = 'before-outbox-worker' WHERE `sent_at` IS NULL;