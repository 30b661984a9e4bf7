DROP INDEX `rate_limit_window_idx`;--> statement-breakpoint
ALTER TABLE `rate_limit` ADD `expires_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `rate_limit_expires_idx` ON `rate_limit` (`expires_at`);--> statement-breakpoint
-- Backoff rows kept their last count for a day; limiter windows restart once.
UPDATE `rate_limit` SET `expires_at` = `window_start` + 86400000 WHERE `key` LIKE 'backoff:%';