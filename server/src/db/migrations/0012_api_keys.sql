CREATE TABLE `api_key` (
	`id` text PRIMARY KEY NOT NULL,
	`franchise_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`publishable_key` text,
	`allowed_origins` text NOT NULL,
	`scopes` text NOT NULL,
	`created_by_user_id` text,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_key_hash_idx` ON `api_key` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_key_franchise_idx` ON `api_key` (`franchise_id`,`created_at`);