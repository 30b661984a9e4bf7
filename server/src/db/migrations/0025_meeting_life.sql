CREATE TABLE `dispute` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`meeting_id` text,
	`franchise_id` text,
	`franchisor_id` text NOT NULL,
	`consultant_id` text NOT NULL,
	`reason` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`refund_cents` integer,
	`decision_note` text,
	`decided_by_id` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payment`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`meeting_id`) REFERENCES `meeting`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`franchisor_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`consultant_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dispute_payment_uq` ON `dispute` (`payment_id`);--> statement-breakpoint
CREATE INDEX `dispute_status_idx` ON `dispute` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `dispute_created_idx` ON `dispute` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `dispute_consultant_idx` ON `dispute` (`consultant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `dispute_franchisor_idx` ON `dispute` (`franchisor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `dispute_message` (
	`id` text PRIMARY KEY NOT NULL,
	`dispute_id` text NOT NULL,
	`author_id` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`dispute_id`) REFERENCES `dispute`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `dispute_message_dispute_idx` ON `dispute_message` (`dispute_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reschedule_request` (
	`id` text PRIMARY KEY NOT NULL,
	`meeting_id` text,
	`payment_id` text,
	`proposed_by_id` text NOT NULL,
	`starts` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`accepted_start` integer,
	`decided_by_id` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meeting`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payment`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposed_by_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `reschedule_request_meeting_idx` ON `reschedule_request` (`meeting_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reschedule_request_payment_idx` ON `reschedule_request` (`payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reschedule_request_open_uq` ON `reschedule_request` (`meeting_id`) WHERE status = 'open';--> statement-breakpoint
ALTER TABLE `meeting` ADD `reschedule_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `meeting` ADD `ics_sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payment` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;