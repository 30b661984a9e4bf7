PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_ledger_transaction` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`meeting_id` text,
	`franchise_id` text,
	`consultant_id` text,
	`provider_reference` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meeting`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`consultant_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_ledger_transaction`("id", "kind", "idempotency_key", "meeting_id", "franchise_id", "consultant_id", "provider_reference", "created_at") SELECT "id", "kind", "idempotency_key", "meeting_id", "franchise_id", "consultant_id", "provider_reference", "created_at" FROM `ledger_transaction`;--> statement-breakpoint
DROP TABLE `ledger_transaction`;--> statement-breakpoint
ALTER TABLE `__new_ledger_transaction` RENAME TO `ledger_transaction`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_transaction_idem_uq` ON `ledger_transaction` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `ledger_transaction_meeting_idx` ON `ledger_transaction` (`meeting_id`);--> statement-breakpoint
CREATE TABLE `__new_payment` (
	`id` text PRIMARY KEY NOT NULL,
	`meeting_id` text,
	`franchise_id` text,
	`consultant_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`start_at` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`hold_id` text,
	`hold_expires_at` integer,
	`hold_due_at` integer,
	`hold_attempts` integer DEFAULT 0 NOT NULL,
	`hold_failure_code` text,
	`charged_at` integer,
	`failure_code` text,
	`charge_attempts` integer DEFAULT 0 NOT NULL,
	`late_cancelled_at` integer,
	`last_event_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meeting`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`consultant_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Only the columns the old table has; the new ones take their defaults.
INSERT INTO `__new_payment`("id", "meeting_id", "franchise_id", "consultant_id", "amount_cents", "status", "is_paid", "hold_id", "hold_expires_at", "charged_at", "failure_code", "created_at", "updated_at") SELECT "id", "meeting_id", "franchise_id", "consultant_id", "amount_cents", "status", "is_paid", "hold_id", "hold_expires_at", "charged_at", "failure_code", "created_at", "updated_at" FROM `payment`;--> statement-breakpoint
DROP TABLE `payment`;--> statement-breakpoint
ALTER TABLE `__new_payment` RENAME TO `payment`;--> statement-breakpoint
CREATE UNIQUE INDEX `payment_meeting_uq` ON `payment` (`meeting_id`);--> statement-breakpoint
CREATE INDEX `payment_franchise_idx` ON `payment` (`franchise_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_consultant_idx` ON `payment` (`consultant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_status_idx` ON `payment` (`status`,`is_paid`);--> statement-breakpoint
CREATE INDEX `payment_hold_due_idx` ON `payment` (`hold_due_at`);--> statement-breakpoint
ALTER TABLE `subscription` ADD `last_event_at` integer;