CREATE TABLE `webhook_delivery` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` text NOT NULL,
	`event_type` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`response_status` integer,
	`attempt_log` text DEFAULT '[]' NOT NULL,
	`last_attempt_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoint`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_delivery_endpoint_idx` ON `webhook_delivery` (`endpoint_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_delivery_due_idx` ON `webhook_delivery` (`next_attempt_at`) WHERE "webhook_delivery"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `webhook_delivery_created_idx` ON `webhook_delivery` (`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_endpoint` (
	`id` text PRIMARY KEY NOT NULL,
	`franchise_id` text,
	`consultant_id` text,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`disabled_reason` text,
	`secret` text NOT NULL,
	`previous_secret` text,
	`previous_secret_expires_at` integer,
	`failing_since` integer,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`consultant_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "webhook_endpoint_one_owner" CHECK(("webhook_endpoint"."franchise_id" IS NULL) <> ("webhook_endpoint"."consultant_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoint_franchise_idx` ON `webhook_endpoint` (`franchise_id`);--> statement-breakpoint
CREATE INDEX `webhook_endpoint_consultant_idx` ON `webhook_endpoint` (`consultant_id`);