CREATE TABLE `admin_search_ref` (
	`rid` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_search_ref_uq` ON `admin_search_ref` (`kind`,`ref`);--> statement-breakpoint
-- The admin's substring search (bookings list): trigram FTS5 over people and franchises, keyed
-- by admin_search_ref.rid (stable under VACUUM), kept by the triggers below on every write path.
CREATE VIRTUAL TABLE `admin_user_search` USING fts5(
  first_name, last_name, email, content='', contentless_delete=1, tokenize='trigram'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `admin_franchise_search` USING fts5(
  company, content='', contentless_delete=1, tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO `admin_search_ref` (`kind`, `ref`) SELECT 'user', `id` FROM `user`;
--> statement-breakpoint
INSERT INTO `admin_search_ref` (`kind`, `ref`) SELECT 'franchise', `id` FROM `franchise`;
--> statement-breakpoint
INSERT INTO `admin_user_search` (`rowid`, `first_name`, `last_name`, `email`)
SELECT r.`rid`, u.`first_name`, u.`last_name`, u.`email`
FROM `admin_search_ref` r JOIN `user` u ON r.`kind` = 'user' AND r.`ref` = u.`id`;
--> statement-breakpoint
INSERT INTO `admin_franchise_search` (`rowid`, `company`)
SELECT r.`rid`, f.`company`
FROM `admin_search_ref` r JOIN `franchise` f ON r.`kind` = 'franchise' AND r.`ref` = f.`id`;
--> statement-breakpoint
CREATE TRIGGER `admin_search_user_ai` AFTER INSERT ON `user`
BEGIN
  INSERT INTO `admin_search_ref` (`kind`, `ref`) VALUES ('user', NEW.`id`);
  INSERT INTO `admin_user_search` (`rowid`, `first_name`, `last_name`, `email`)
  VALUES (
    (SELECT `rid` FROM `admin_search_ref` WHERE `kind` = 'user' AND `ref` = NEW.`id`),
    NEW.`first_name`, NEW.`last_name`, NEW.`email`
  );
END;
--> statement-breakpoint
CREATE TRIGGER `admin_search_user_au` AFTER UPDATE OF `first_name`, `last_name`, `email` ON `user`
BEGIN
  DELETE FROM `admin_user_search`
  WHERE `rowid` = (SELECT `rid` FROM `admin_search_ref` WHERE `kind` = 'user' AND `ref` = OLD.`id`);
  INSERT INTO `admin_user_search` (`rowid`, `first_name`, `last_name`, `email`)
  VALUES (
    (SELECT `rid` FROM `admin_search_ref` WHERE `kind` = 'user' AND `ref` = NEW.`id`),
    NEW.`first_name`, NEW.`last_name`, NEW.`email`
  );
END;
--> statement-breakpoint
CREATE TRIGGER `admin_search_user_ad` AFTER DELETE ON `user`
BEGIN
  DELETE FROM `admin_user_search`
  WHERE `rowid` = (SELECT `rid` FROM `admin_search_ref` WHERE `kind` = 'user' AND `ref` = OLD.`id`);
  DELETE FROM `admin_search_ref` WHERE `kind` = 'user' AND `ref` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_search_franchise_ai` AFTER INSERT ON `franchise`
BEGIN
  INSERT INTO `admin_search_ref` (`kind`, `ref`) VALUES ('franchise', NEW.`id`);
  INSERT INTO `admin_franchise_search` (`rowid`, `company`)
  VALUES (
    (SELECT `rid` FROM `admin_search_ref` WHERE `kind` = 'franchise' AND `ref` = NEW.`id`),
    NEW.`company`
  );
END;
--> statement-breakpoint
CREATE TRIGGER `admin_search_franchise_au` AFTER UPDATE OF `company` ON `franchise`
BEGIN
  DELETE FROM `admin_franchise_search`
  WHERE `rowid` = (SELECT `rid` FROM `admin_search_ref` WHERE `kind` = 'franchise' AND `ref` = OLD.`id`);
  INSERT INTO `admin_franchise_search` (`rowid`, `company`)
  VALUES (
    (SELECT `rid` FROM `admin_search_ref` WHERE `kind` = 'franchise' AND `ref` = NEW.`id`),
    NEW.`company`
  );
END;
--> statement-breakpoint
CREATE TRIGGER `admin_search_franchise_ad` AFTER DELETE ON `franchise`
BEGIN
  DELETE FROM `admin_franchise_search`
  WHERE `rowid` = (SELECT `rid` FROM `admin_search_ref` WHERE `kind` = 'franchise' AND `ref` = OLD.`id`);
  DELETE FROM `admin_search_ref` WHERE `kind` = 'franchise' AND `ref` = OLD.`id`;
END;
