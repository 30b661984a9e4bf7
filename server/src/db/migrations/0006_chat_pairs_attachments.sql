CREATE TABLE `message_attachment` (
	`message_id` text NOT NULL,
	`upload_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`message_id`, `upload_id`),
	FOREIGN KEY (`message_id`) REFERENCES `message`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`upload_id`) REFERENCES `upload`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_attachment_upload_uq` ON `message_attachment` (`upload_id`);--> statement-breakpoint
ALTER TABLE `chat` ADD `pair_key` text;--> statement-breakpoint
-- Existing two-person chats get their pair key; when a pair already has several chats, the oldest keeps it.
UPDATE `chat` SET `pair_key` = (
	SELECT min(`user_id`) || ':' || max(`user_id`) FROM `chat_participant` WHERE `chat_id` = `chat`.`id`
) WHERE (SELECT count(*) FROM `chat_participant` WHERE `chat_id` = `chat`.`id`) = 2;--> statement-breakpoint
UPDATE `chat` SET `pair_key` = NULL WHERE `pair_key` IS NOT NULL AND `rowid` NOT IN (
	SELECT min(`rowid`) FROM `chat` WHERE `pair_key` IS NOT NULL GROUP BY `pair_key`
);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_pair_key_uq` ON `chat` (`pair_key`);--> statement-breakpoint
ALTER TABLE `chat_participant` ADD `last_emailed_at` integer;
