CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `user` ADD `token_activation_sealed` text;--> statement-breakpoint
CREATE INDEX `user_role_created_idx` ON `user` (`role`,`created_at`);--> statement-breakpoint
CREATE INDEX `meeting_start_idx` ON `meeting` (`start_at`);--> statement-breakpoint
CREATE INDEX `meeting_completed_idx` ON `meeting` (`status`,`marked_as_completed_at`);--> statement-breakpoint
CREATE INDEX `meeting_declined_idx` ON `meeting` (`status`,`declined_at`);--> statement-breakpoint
CREATE INDEX `payment_charged_idx` ON `payment` (`charged_at`);--> statement-breakpoint
CREATE INDEX `payout_status_idx` ON `payout` (`status`);