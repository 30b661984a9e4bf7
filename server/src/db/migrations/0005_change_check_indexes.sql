CREATE INDEX `user_role_updated_idx` ON `user` (`role`,`updated_at`);--> statement-breakpoint
CREATE INDEX `franchise_updated_idx` ON `franchise` (`updated_at`);