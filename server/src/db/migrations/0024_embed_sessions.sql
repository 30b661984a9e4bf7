CREATE TABLE `embed_consent` (
	`user_id` text NOT NULL,
	`api_key_id` text NOT NULL,
	`origin` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `api_key_id`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_key`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `embed_session` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`api_key_id` text NOT NULL,
	`origin` text NOT NULL,
	`awaiting_consent` integer DEFAULT false NOT NULL,
	`started_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`renewed_at` integer,
	`ended_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_key`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `embed_session_token_idx` ON `embed_session` (`token_hash`);--> statement-breakpoint
CREATE INDEX `embed_session_key_idx` ON `embed_session` (`api_key_id`);--> statement-breakpoint
CREATE INDEX `embed_session_user_idx` ON `embed_session` (`user_id`,`api_key_id`);