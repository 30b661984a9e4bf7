CREATE TABLE `consultant_search` (
	`rid` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`visible` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`name_key` text NOT NULL,
	`profile_photo` text,
	`company` text,
	`rate_cents` integer,
	`experience` integer,
	`country` text,
	`country_key` text,
	`state_province` text,
	`state_key` text,
	`city` text,
	`city_key` text,
	`industries` text DEFAULT '[]' NOT NULL,
	`regions` text DEFAULT '[]' NOT NULL,
	`groups` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '' NOT NULL,
	`rating_avg` real,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`text_rev` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `consultant_search_user_uq` ON `consultant_search` (`user_id`);--> statement-breakpoint
CREATE INDEX `consultant_search_default_idx` ON `consultant_search` (`visible`,"rating_avg" desc,"rating_count" desc,`name_key`,`rid`);--> statement-breakpoint
CREATE INDEX `consultant_search_rate_idx` ON `consultant_search` (`visible`,`rate_cents`);--> statement-breakpoint
CREATE INDEX `consultant_search_state_idx` ON `consultant_search` (`state_key`,`visible`);--> statement-breakpoint
CREATE INDEX `consultant_search_city_idx` ON `consultant_search` (`city_key`,`visible`);--> statement-breakpoint
CREATE INDEX `consultant_search_country_idx` ON `consultant_search` (`visible`,`country`);--> statement-breakpoint
CREATE TABLE `franchise_search` (
	`rid` integer PRIMARY KEY NOT NULL,
	`franchise_id` text NOT NULL,
	`visible` integer NOT NULL,
	`rep_user_id` text,
	`rep_first_name` text,
	`rep_last_name` text,
	`rep_photo` text,
	`company` text NOT NULL,
	`company_key` text NOT NULL,
	`logo` text,
	`country` text,
	`established` integer,
	`franchised_units` integer,
	`min_net_worth_cents` integer,
	`cash_min_cents` integer,
	`cash_max_cents` integer,
	`fee_cents` integer,
	`sba_eligible` integer,
	`e2_visa_friendly` integer,
	`veteran_discount` integer,
	`home_based` integer,
	`absentee_model` integer,
	`semi_absentee_model` integer,
	`b2b` integer,
	`master_franchise_opportunities` integer,
	`categories` text DEFAULT '[]' NOT NULL,
	`states` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`text_rev` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `franchise_search_franchise_uq` ON `franchise_search` (`franchise_id`);--> statement-breakpoint
CREATE INDEX `franchise_search_rep_idx` ON `franchise_search` (`rep_user_id`);--> statement-breakpoint
CREATE INDEX `franchise_search_name_idx` ON `franchise_search` (`visible`,`company_key`,`rid`);--> statement-breakpoint
CREATE INDEX `franchise_search_cash_idx` ON `franchise_search` (`visible`,`cash_min_cents`,`cash_max_cents`);--> statement-breakpoint
CREATE TABLE `search_refresh` (
	`kind` text NOT NULL,
	`id` text
);
--> statement-breakpoint
CREATE TABLE `search_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`consultant_epoch` integer DEFAULT 0 NOT NULL,
	`franchise_epoch` integer DEFAULT 0 NOT NULL,
	`paused` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `search_vocab` (
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`position` integer NOT NULL,
	`token` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_vocab_uq` ON `search_vocab` (`kind`,`value`);