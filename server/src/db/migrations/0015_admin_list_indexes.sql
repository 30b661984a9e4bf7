DROP INDEX `meeting_status_idx`;--> statement-breakpoint
DROP INDEX `meeting_start_idx`;--> statement-breakpoint
CREATE INDEX `meeting_status_idx` ON `meeting` (`status`,`start_at`,`id`);--> statement-breakpoint
CREATE INDEX `meeting_start_idx` ON `meeting` (`start_at`,`id`);--> statement-breakpoint
DROP INDEX `payment_status_idx`;--> statement-breakpoint
DROP INDEX `payment_charged_idx`;--> statement-breakpoint
CREATE INDEX `payment_updated_idx` ON `payment` (`updated_at`,`failure_code`,`is_paid`,`status`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `payment_status_idx` ON `payment` (`status`,`is_paid`,`hold_id`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `payment_charged_idx` ON `payment` (`charged_at`,`is_paid`,`amount_cents`);