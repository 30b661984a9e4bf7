CREATE TABLE `admin_count` (
	`key` text PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `admin_daily` (
	`kind` text NOT NULL,
	`day` integer NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`kind`, `day`)
);
--> statement-breakpoint
-- The admin dashboard's rollups (decision 019): filled once here, then kept by the triggers below
-- on every write path. A day is the UTC day of an epoch-millisecond instant (integer division).
INSERT INTO `admin_daily` (`kind`, `day`, `value`)
SELECT 'meetings', `start_at` / 86400000, count(*) FROM `meeting` GROUP BY 2;
--> statement-breakpoint
INSERT INTO `admin_daily` (`kind`, `day`, `value`)
SELECT 'revenue', `charged_at` / 86400000, sum(`amount_cents`) FROM `payment`
WHERE `is_paid` = 1 AND `charged_at` IS NOT NULL GROUP BY 2;
--> statement-breakpoint
INSERT INTO `admin_daily` (`kind`, `day`, `value`)
SELECT 'signups', `created_at` / 86400000, count(*) FROM `user`
WHERE `role` IN ('consultant', 'franchisor') GROUP BY 2;
--> statement-breakpoint
INSERT INTO `admin_count` (`key`, `n`) VALUES
  ('consultants', (SELECT count(*) FROM `user` WHERE `role` = 'consultant' AND `is_deleted` = 0)),
  ('consultants_active', (SELECT count(*) FROM `user` WHERE `role` = 'consultant' AND `is_deleted` = 0
    AND `is_verified` = 1 AND `is_deactivated` = 0 AND `status` = 1));
--> statement-breakpoint
CREATE TRIGGER `admin_daily_meeting_ai` AFTER INSERT ON `meeting`
BEGIN
  INSERT INTO `admin_daily` (`kind`, `day`, `value`) VALUES ('meetings', NEW.`start_at` / 86400000, 1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `value` = `value` + excluded.`value`;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_daily_meeting_au` AFTER UPDATE OF `start_at` ON `meeting`
WHEN OLD.`start_at` / 86400000 <> NEW.`start_at` / 86400000
BEGIN
  UPDATE `admin_daily` SET `value` = `value` - 1
  WHERE `kind` = 'meetings' AND `day` = OLD.`start_at` / 86400000;
  INSERT INTO `admin_daily` (`kind`, `day`, `value`) VALUES ('meetings', NEW.`start_at` / 86400000, 1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `value` = `value` + excluded.`value`;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_daily_meeting_ad` AFTER DELETE ON `meeting`
BEGIN
  UPDATE `admin_daily` SET `value` = `value` - 1
  WHERE `kind` = 'meetings' AND `day` = OLD.`start_at` / 86400000;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_daily_payment_ai` AFTER INSERT ON `payment`
WHEN NEW.`is_paid` = 1 AND NEW.`charged_at` IS NOT NULL
BEGIN
  INSERT INTO `admin_daily` (`kind`, `day`, `value`)
  VALUES ('revenue', NEW.`charged_at` / 86400000, NEW.`amount_cents`)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `value` = `value` + excluded.`value`;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_daily_payment_au` AFTER UPDATE OF `is_paid`, `charged_at`, `amount_cents` ON `payment`
BEGIN
  UPDATE `admin_daily` SET `value` = `value` - OLD.`amount_cents`
  WHERE `kind` = 'revenue' AND `day` = OLD.`charged_at` / 86400000
    AND OLD.`is_paid` = 1 AND OLD.`charged_at` IS NOT NULL;
  INSERT INTO `admin_daily` (`kind`, `day`, `value`)
  SELECT 'revenue', NEW.`charged_at` / 86400000, NEW.`amount_cents`
  WHERE NEW.`is_paid` = 1 AND NEW.`charged_at` IS NOT NULL
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `value` = `value` + excluded.`value`;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_daily_payment_ad` AFTER DELETE ON `payment`
WHEN OLD.`is_paid` = 1 AND OLD.`charged_at` IS NOT NULL
BEGIN
  UPDATE `admin_daily` SET `value` = `value` - OLD.`amount_cents`
  WHERE `kind` = 'revenue' AND `day` = OLD.`charged_at` / 86400000;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_rollup_user_ai` AFTER INSERT ON `user`
BEGIN
  INSERT INTO `admin_daily` (`kind`, `day`, `value`)
  SELECT 'signups', NEW.`created_at` / 86400000, 1
  WHERE NEW.`role` IN ('consultant', 'franchisor')
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `value` = `value` + excluded.`value`;
  UPDATE `admin_count` SET `n` = `n` + (NEW.`role` = 'consultant' AND NEW.`is_deleted` = 0)
  WHERE `key` = 'consultants';
  UPDATE `admin_count` SET `n` = `n` + (NEW.`role` = 'consultant' AND NEW.`is_deleted` = 0
    AND NEW.`is_verified` = 1 AND NEW.`is_deactivated` = 0 AND NEW.`status` = 1)
  WHERE `key` = 'consultants_active';
END;
--> statement-breakpoint
CREATE TRIGGER `admin_rollup_user_au` AFTER UPDATE OF
  `role`, `created_at`, `is_deleted`, `is_verified`, `is_deactivated`, `status` ON `user`
BEGIN
  UPDATE `admin_daily` SET `value` = `value` - 1
  WHERE `kind` = 'signups' AND `day` = OLD.`created_at` / 86400000
    AND OLD.`role` IN ('consultant', 'franchisor');
  INSERT INTO `admin_daily` (`kind`, `day`, `value`)
  SELECT 'signups', NEW.`created_at` / 86400000, 1
  WHERE NEW.`role` IN ('consultant', 'franchisor')
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `value` = `value` + excluded.`value`;
  UPDATE `admin_count` SET `n` = `n`
    + (NEW.`role` = 'consultant' AND NEW.`is_deleted` = 0)
    - (OLD.`role` = 'consultant' AND OLD.`is_deleted` = 0)
  WHERE `key` = 'consultants';
  UPDATE `admin_count` SET `n` = `n`
    + (NEW.`role` = 'consultant' AND NEW.`is_deleted` = 0
      AND NEW.`is_verified` = 1 AND NEW.`is_deactivated` = 0 AND NEW.`status` = 1)
    - (OLD.`role` = 'consultant' AND OLD.`is_deleted` = 0
      AND OLD.`is_verified` = 1 AND OLD.`is_deactivated` = 0 AND OLD.`status` = 1)
  WHERE `key` = 'consultants_active';
END;
--> statement-breakpoint
CREATE TRIGGER `admin_rollup_user_ad` AFTER DELETE ON `user`
BEGIN
  UPDATE `admin_daily` SET `value` = `value` - 1
  WHERE `kind` = 'signups' AND `day` = OLD.`created_at` / 86400000
    AND OLD.`role` IN ('consultant', 'franchisor');
  UPDATE `admin_count` SET `n` = `n` - (OLD.`role` = 'consultant' AND OLD.`is_deleted` = 0)
  WHERE `key` = 'consultants';
  UPDATE `admin_count` SET `n` = `n` - (OLD.`role` = 'consultant' AND OLD.`is_deleted` = 0
    AND OLD.`is_verified` = 1 AND OLD.`is_deactivated` = 0 AND OLD.`status` = 1)
  WHERE `key` = 'consultants_active';
END;
