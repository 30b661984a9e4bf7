-- The admin data version (decision 019) also covers what the bookings list shows beside the
-- meeting, so that a kept page is never stale: the consultant's photo, the franchise's logo, the
-- key a booking came through, the meeting's reviews.
CREATE TRIGGER `admin_version_user_photo_au` AFTER UPDATE OF `profile_photo` ON `user`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_franchise_logo_au` AFTER UPDATE OF `logo` ON `franchise`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_api_key_ai` AFTER INSERT ON `api_key`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_api_key_au` AFTER UPDATE OF `name`, `kind` ON `api_key`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_api_key_ad` AFTER DELETE ON `api_key`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_review_ai` AFTER INSERT ON `review`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_review_au` AFTER UPDATE OF `meeting_id`, `rating`, `comment`, `created_at` ON `review`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_version_review_ad` AFTER DELETE ON `review`
BEGIN
  UPDATE `admin_data_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
