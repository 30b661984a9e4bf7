ALTER TABLE `payment` ADD `franchisor_id` text REFERENCES user(id);--> statement-breakpoint
ALTER TABLE `payment` ADD `duration_minutes` integer;--> statement-breakpoint
UPDATE `payment` SET `franchisor_id` = (SELECT `franchisor_id` FROM `meeting` WHERE `meeting`.`id` = `payment`.`meeting_id`), `duration_minutes` = (SELECT `duration_minutes` FROM `meeting` WHERE `meeting`.`id` = `payment`.`meeting_id`) WHERE `meeting_id` IS NOT NULL;
