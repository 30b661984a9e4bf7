DROP INDEX `meeting_consultant_idx`;--> statement-breakpoint
DROP INDEX `meeting_franchisor_idx`;--> statement-breakpoint
DROP INDEX `meeting_franchise_idx`;--> statement-breakpoint
CREATE INDEX `meeting_consultant_idx` ON `meeting` (`consultant_id`,`start_at`,`id`);--> statement-breakpoint
CREATE INDEX `meeting_franchisor_idx` ON `meeting` (`franchisor_id`,`start_at`,`id`);--> statement-breakpoint
CREATE INDEX `meeting_franchise_idx` ON `meeting` (`franchise_id`,`start_at`,`id`);