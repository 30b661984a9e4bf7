CREATE TABLE `admin_data_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
-- The admin data version (decision 019): one row, bumped in the writer's transaction by every
-- write that can change the bookings list's matches or a dashboard figure.
INSERT INTO `admin_data_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `admin_version_meeting_ai` AFTER INSERT ON `meeting`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_meeting_au` AFTER UPDATE ON `meeting`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_meeting_ad` AFTER DELETE ON `meeting`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_payment_ai` AFTER INSERT ON `payment`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_payment_au` AFTER UPDATE ON `payment`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_payment_ad` AFTER DELETE ON `payment`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_payout_ai` AFTER INSERT ON `payout`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_payout_au` AFTER UPDATE ON `payout`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_payout_ad` AFTER DELETE ON `payout`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_franchise_ai` AFTER INSERT ON `franchise`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_franchise_au` AFTER UPDATE OF `company`, `is_deleted`, `stripe_subscription_status` ON `franchise`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_franchise_ad` AFTER DELETE ON `franchise`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_user_ai` AFTER INSERT ON `user`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_user_au` AFTER UPDATE OF `first_name`, `last_name`, `email`, `role`, `created_at`, `is_deleted`, `is_verified`, `is_deactivated`, `status` ON `user`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_user_ad` AFTER DELETE ON `user`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
