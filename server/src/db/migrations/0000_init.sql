CREATE TABLE `brand_name` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`user_id` text,
	`user_registered_name` text,
	`user_registered_email` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `brand_name_status_idx` ON `brand_name` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `promotion` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`effect` text NOT NULL,
	`affected` text NOT NULL,
	`start_date` integer NOT NULL,
	`end_date` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `promotion_status_idx` ON `promotion` (`status`,`start_date`,`end_date`);--> statement-breakpoint
CREATE TABLE `support_request` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`kind` text NOT NULL,
	`email` text NOT NULL,
	`details` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `support_request_created_idx` ON `support_request` (`created_at`);--> statement-breakpoint
CREATE TABLE `user_request` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`type` text NOT NULL,
	`details` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `user_request_status_idx` ON `user_request` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `account` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`user_id` text NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`id_token` text,
	`access_token_expires_at` integer,
	`refresh_token_expires_at` integer,
	`scope` text,
	`password` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_user_idx` ON `account` (`user_id`);--> statement-breakpoint
CREATE TABLE `rate_limit` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `refresh_token` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	`family_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_token_hash_uq` ON `refresh_token` (`token_hash`);--> statement-breakpoint
CREATE INDEX `refresh_token_user_idx` ON `refresh_token` (`user_id`);--> statement-breakpoint
CREATE INDEX `refresh_token_family_idx` ON `refresh_token` (`family_id`);--> statement-breakpoint
CREATE TABLE `session` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`user_id` text NOT NULL,
	`impersonated_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_token_uq` ON `session` (`token`);--> statement-breakpoint
CREATE INDEX `session_user_idx` ON `session` (`user_id`);--> statement-breakpoint
CREATE TABLE `user` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`image` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`role` text DEFAULT 'franchisor' NOT NULL,
	`banned` integer DEFAULT false,
	`ban_reason` text,
	`ban_expires` integer,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`phone` text,
	`position` text,
	`profile_photo` text,
	`sms_consent` integer DEFAULT false NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`is_deactivated` integer DEFAULT false NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`token_activation` text,
	`token_activation_expires_at` integer,
	`franchise_id` text,
	`age_confirmed_at` integer,
	`profile_completeness` text DEFAULT '[]' NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_email_uq` ON `user` (`email`);--> statement-breakpoint
CREATE INDEX `user_role_idx` ON `user` (`role`,`is_verified`,`is_deleted`,`is_deactivated`,`status`);--> statement-breakpoint
CREATE INDEX `user_franchise_idx` ON `user` (`franchise_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_token_activation_uq` ON `user` (`token_activation`);--> statement-breakpoint
CREATE TABLE `verification` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `verification_identifier_idx` ON `verification` (`identifier`);--> statement-breakpoint
CREATE TABLE `availability_date_off` (
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	PRIMARY KEY(`user_id`, `date`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `availability_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`time_zone` text NOT NULL,
	`meeting_lengths` text DEFAULT '[30]' NOT NULL,
	`min_notice_minutes` integer DEFAULT 0 NOT NULL,
	`buffer_minutes` integer DEFAULT 0 NOT NULL,
	`ical_feed_token_hash` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `availability_window` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`weekday` integer NOT NULL,
	`start_minute` integer NOT NULL,
	`end_minute` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `availability_window_user_idx` ON `availability_window` (`user_id`,`weekday`);--> statement-breakpoint
CREATE TABLE `calendar_connection` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`account_id` text,
	`access_token_enc` text,
	`refresh_token_enc` text,
	`token_expiry` integer,
	`conferencing_profile_id` text,
	`calendar_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_connection_user_idx` ON `calendar_connection` (`user_id`,`provider`);--> statement-breakpoint
CREATE TABLE `consultant_group` (
	`user_id` text NOT NULL,
	`broker_group` text NOT NULL,
	PRIMARY KEY(`user_id`, `broker_group`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `consultant_group_value_idx` ON `consultant_group` (`broker_group`,`user_id`);--> statement-breakpoint
CREATE TABLE `consultant_industry` (
	`user_id` text NOT NULL,
	`industry` text NOT NULL,
	PRIMARY KEY(`user_id`, `industry`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `consultant_industry_value_idx` ON `consultant_industry` (`industry`,`user_id`);--> statement-breakpoint
CREATE TABLE `consultant_profile` (
	`user_id` text PRIMARY KEY NOT NULL,
	`rate_cents` integer,
	`bio` text,
	`company` text,
	`experience_level` integer,
	`country` text,
	`state_province` text,
	`city` text,
	`address` text,
	`profile_url` text,
	`payout_account_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `consultant_rate_idx` ON `consultant_profile` (`rate_cents`);--> statement-breakpoint
CREATE INDEX `consultant_experience_idx` ON `consultant_profile` (`experience_level`);--> statement-breakpoint
CREATE INDEX `consultant_location_idx` ON `consultant_profile` (`country`,`state_province`);--> statement-breakpoint
CREATE TABLE `consultant_region` (
	`user_id` text NOT NULL,
	`region` text NOT NULL,
	PRIMARY KEY(`user_id`, `region`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `consultant_region_value_idx` ON `consultant_region` (`region`,`user_id`);--> statement-breakpoint
CREATE TABLE `favorite` (
	`user_id` text NOT NULL,
	`target_user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `target_user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favorite_target_idx` ON `favorite` (`target_user_id`);--> statement-breakpoint
CREATE TABLE `franchise` (
	`id` text PRIMARY KEY NOT NULL,
	`company` text NOT NULL,
	`logo` text,
	`country` text,
	`established` integer,
	`started_franchising` integer,
	`franchised_units` integer,
	`corporate_units` integer,
	`franchises_in_canada` integer,
	`other_international_franchises` integer,
	`overview` text,
	`email` text,
	`phone` text,
	`work_phone` text,
	`corporate_address` text,
	`corporate_website` text,
	`min_net_worth_cents` integer,
	`cash_required_min_cents` integer,
	`cash_required_max_cents` integer,
	`franchise_fee_cents` integer,
	`royalty_bp` integer,
	`ad_fee_bp` integer,
	`avg_number_of_staff` integer,
	`special_discount_programs` text,
	`item19` integer,
	`visa_candidates` integer,
	`absentee_model` integer,
	`semi_absentee_model` integer,
	`b2b` integer,
	`home_based` integer,
	`master_franchise_opportunities` integer,
	`veteran_discount` integer,
	`sba_eligible` integer,
	`e2_visa_friendly` integer,
	`financial_assistance` integer,
	`site_selection_assistance` integer,
	`lease_negotiation_assistance` integer,
	`recruitment_assistance` integer,
	`coop_advertising` integer,
	`training` text,
	`day_in_the_life_of_the_owner` text,
	`who_is_an_ideal_candidate` text,
	`average_revenue` integer DEFAULT 10 NOT NULL,
	`min_initial_investment` integer DEFAULT 0 NOT NULL,
	`max_initial_investment` integer DEFAULT 1000 NOT NULL,
	`primary_payment_method_id` text,
	`stripe_subscription_status` text,
	`provider_customer_id` text,
	`is_activated` integer DEFAULT false NOT NULL,
	`is_deactivated` integer DEFAULT false NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`activated_by` text,
	`billing_contact_user_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`billing_contact_user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `franchise_company_idx` ON `franchise` (`company`);--> statement-breakpoint
CREATE INDEX `franchise_visible_idx` ON `franchise` (`is_deleted`,`is_deactivated`,`status`,`country`);--> statement-breakpoint
CREATE INDEX `franchise_cash_idx` ON `franchise` (`cash_required_min_cents`,`cash_required_max_cents`);--> statement-breakpoint
CREATE TABLE `franchise_category` (
	`franchise_id` text NOT NULL,
	`category` text NOT NULL,
	PRIMARY KEY(`franchise_id`, `category`),
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `franchise_category_idx` ON `franchise_category` (`category`,`franchise_id`);--> statement-breakpoint
CREATE TABLE `franchise_commission` (
	`franchise_id` text NOT NULL,
	`scope` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	PRIMARY KEY(`franchise_id`, `scope`, `kind`),
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `franchise_document` (
	`id` text PRIMARY KEY NOT NULL,
	`franchise_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`upload_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `franchise_document_idx` ON `franchise_document` (`franchise_id`,`kind`);--> statement-breakpoint
CREATE TABLE `franchise_photo` (
	`id` text PRIMARY KEY NOT NULL,
	`franchise_id` text NOT NULL,
	`url` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `franchise_photo_idx` ON `franchise_photo` (`franchise_id`,`position`);--> statement-breakpoint
CREATE TABLE `franchise_state` (
	`franchise_id` text NOT NULL,
	`state_code` text NOT NULL,
	PRIMARY KEY(`franchise_id`, `state_code`),
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `franchise_state_idx` ON `franchise_state` (`state_code`,`franchise_id`);--> statement-breakpoint
CREATE TABLE `meeting` (
	`id` text PRIMARY KEY NOT NULL,
	`consultant_id` text NOT NULL,
	`franchisor_id` text NOT NULL,
	`franchise_id` text,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`status` text DEFAULT 'future' NOT NULL,
	`rate_cents` integer NOT NULL,
	`paid_amount_cents` integer DEFAULT 0 NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`marked_as_completed_at` integer,
	`declined_at` integer,
	`external_event_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`consultant_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`franchisor_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `meeting_consultant_idx` ON `meeting` (`consultant_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `meeting_franchisor_idx` ON `meeting` (`franchisor_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `meeting_franchise_idx` ON `meeting` (`franchise_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `meeting_status_idx` ON `meeting` (`status`,`start_at`);--> statement-breakpoint
CREATE TABLE `meeting_slot` (
	`consultant_id` text NOT NULL,
	`cell_start` integer NOT NULL,
	`meeting_id` text NOT NULL,
	PRIMARY KEY(`consultant_id`, `cell_start`),
	FOREIGN KEY (`meeting_id`) REFERENCES `meeting`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meeting_slot_meeting_idx` ON `meeting_slot` (`meeting_id`);--> statement-breakpoint
CREATE TABLE `review` (
	`id` text PRIMARY KEY NOT NULL,
	`meeting_id` text NOT NULL,
	`author_id` text NOT NULL,
	`consultant_id` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meeting`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`consultant_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_meeting_author_uq` ON `review` (`meeting_id`,`author_id`);--> statement-breakpoint
CREATE INDEX `review_consultant_idx` ON `review` (`consultant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `review_request` (
	`meeting_id` text PRIMARY KEY NOT NULL,
	`requested_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meeting`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `chat` (
	`id` text PRIMARY KEY NOT NULL,
	`last_message_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_last_message_idx` ON `chat` (`last_message_at`);--> statement-breakpoint
CREATE TABLE `chat_participant` (
	`chat_id` text NOT NULL,
	`user_id` text NOT NULL,
	`last_read_at` integer,
	PRIMARY KEY(`chat_id`, `user_id`),
	FOREIGN KEY (`chat_id`) REFERENCES `chat`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_participant_user_idx` ON `chat_participant` (`user_id`);--> statement-breakpoint
CREATE TABLE `message` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`attachment_upload_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chat`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `message_chat_idx` ON `message` (`chat_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notification` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`actor_id` text,
	`type` text NOT NULL,
	`message` text NOT NULL,
	`link` text,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notification_user_idx` ON `notification` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `upload` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`original_name` text,
	`is_private` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `upload_owner_idx` ON `upload` (`owner_id`);--> statement-breakpoint
CREATE TABLE `ledger_entry` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`account` text NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `ledger_transaction`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ledger_entry_account_idx` ON `ledger_entry` (`account`);--> statement-breakpoint
CREATE INDEX `ledger_entry_tx_idx` ON `ledger_entry` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `ledger_transaction` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`meeting_id` text,
	`franchise_id` text,
	`consultant_id` text,
	`provider_reference` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meeting`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`consultant_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_transaction_idem_uq` ON `ledger_transaction` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `ledger_transaction_meeting_idx` ON `ledger_transaction` (`meeting_id`);--> statement-breakpoint
CREATE TABLE `payment` (
	`id` text PRIMARY KEY NOT NULL,
	`meeting_id` text NOT NULL,
	`franchise_id` text,
	`consultant_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`hold_id` text,
	`hold_expires_at` integer,
	`charged_at` integer,
	`failure_code` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meeting`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`consultant_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_meeting_uq` ON `payment` (`meeting_id`);--> statement-breakpoint
CREATE INDEX `payment_franchise_idx` ON `payment` (`franchise_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_consultant_idx` ON `payment` (`consultant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_status_idx` ON `payment` (`status`,`is_paid`);--> statement-breakpoint
CREATE TABLE `payment_method` (
	`id` text PRIMARY KEY NOT NULL,
	`franchise_id` text,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_method_id` text NOT NULL,
	`stripe_payment_method_type` text DEFAULT 'card' NOT NULL,
	`brand` text,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_method_franchise_idx` ON `payment_method` (`franchise_id`);--> statement-breakpoint
CREATE INDEX `payment_method_user_idx` ON `payment_method` (`user_id`);--> statement-breakpoint
CREATE TABLE `payout` (
	`id` text PRIMARY KEY NOT NULL,
	`consultant_id` text NOT NULL,
	`period` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_reference` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`consultant_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_consultant_period_uq` ON `payout` (`consultant_id`,`period`);--> statement-breakpoint
CREATE TABLE `promo_code` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`description` text,
	`price_cents` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`max_redemptions` integer,
	`redemptions` integer DEFAULT 0 NOT NULL,
	`expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_code_code_uq` ON `promo_code` (`code`);--> statement-breakpoint
CREATE TABLE `subscription` (
	`id` text PRIMARY KEY NOT NULL,
	`franchise_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_subscription_id` text,
	`status` text NOT NULL,
	`price_cents` integer NOT NULL,
	`promo_code_id` text,
	`current_period_start` integer NOT NULL,
	`current_period_end` integer NOT NULL,
	`term_ends_at` integer NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`canceled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`franchise_id`) REFERENCES `franchise`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`promo_code_id`) REFERENCES `promo_code`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subscription_franchise_idx` ON `subscription` (`franchise_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_provider_uq` ON `subscription` (`provider`,`provider_subscription_id`);--> statement-breakpoint
CREATE TABLE `webhook_event` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `job_run` (
	`key` text PRIMARY KEY NOT NULL,
	`job` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`lease_until` integer NOT NULL,
	`result` text
);
--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`attachments` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to`,`created_at`);