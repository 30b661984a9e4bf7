CREATE TABLE `provider_attempt` (
	`key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`intent_id` text,
	`owner_id` text,
	`amount_cents` integer NOT NULL,
	`state` text DEFAULT 'started' NOT NULL,
	`reference` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `provider_attempt_subject_idx` ON `provider_attempt` (`subject_id`,`state`);--> statement-breakpoint
CREATE INDEX `provider_attempt_state_idx` ON `provider_attempt` (`state`,`kind`);--> statement-breakpoint
ALTER TABLE `consultant_profile` ADD `payout_account_status` text;