-- Discovery search projection: FTS5 indexes and the triggers that keep `consultant_search`,
-- `franchise_search` and the FTS rows in sync with the base tables on every write path.
--
-- Flow: a base-table trigger "calls" a refresh by inserting (kind, id) into `search_refresh`;
-- the BEFORE INSERT trigger of that table recomputes the projection row of that consultant or
-- franchise (an upsert that only writes when something changed), then discards the row with
-- RAISE(IGNORE). Changes of a projection row re-index its FTS row (only visible rows are indexed)
-- and bump the epoch that validates cached search results. Each refresh is written once, here.
-- Bulk loaders set `search_state.paused` inside their transaction and call rebuildSearchIndex.
INSERT INTO `search_state` (`id`, `consultant_epoch`, `franchise_epoch`, `paused`) VALUES (1, 0, 0, 0);
--> statement-breakpoint
CREATE VIRTUAL TABLE `consultant_fts` USING fts5(
  first_name, last_name, company, bio, tags,
  content='', contentless_delete=1, tokenize='porter unicode61'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `franchise_fts` USING fts5(
  company, categories, overview, details, tags,
  content='', contentless_delete=1, tokenize='porter unicode61'
);
--> statement-breakpoint
-- Per-column term statistics: how many visible rows carry each tag token (the filter counts).
CREATE VIRTUAL TABLE `consultant_fts_terms` USING fts5vocab(`consultant_fts`, 'col');
--> statement-breakpoint
CREATE VIRTUAL TABLE `franchise_fts_terms` USING fts5vocab(`franchise_fts`, 'col');
--> statement-breakpoint
CREATE TRIGGER `search_refresh_paused` BEFORE INSERT ON `search_refresh`
WHEN coalesce((SELECT `paused` FROM `search_state` WHERE `id` = 1), 0) != 0
BEGIN
  SELECT RAISE(IGNORE);
END;
--> statement-breakpoint
CREATE TRIGGER `search_refresh_consultant` BEFORE INSERT ON `search_refresh`
WHEN NEW.`kind` = 'consultant' AND coalesce((SELECT `paused` FROM `search_state` WHERE `id` = 1), 0) = 0
BEGIN
  INSERT INTO `consultant_search` (
    `user_id`, `visible`, `first_name`, `last_name`, `name_key`, `profile_photo`, `company`,
    `rate_cents`, `experience`, `country`, `country_key`, `state_province`, `state_key`, `city`,
    `city_key`, `industries`, `regions`, `groups`, `tags`, `rating_avg`, `rating_count`, `created_at`
  )
  SELECT
    u.`id`,
    u.`is_verified` = 1 AND u.`status` = 1 AND u.`is_deleted` = 0 AND u.`is_deactivated` = 0
      AND p.`user_id` IS NOT NULL,
    u.`first_name`,
    u.`last_name`,
    lower(trim(u.`first_name` || ' ' || u.`last_name`)),
    u.`profile_photo`,
    p.`company`,
    p.`rate_cents`,
    p.`experience_level`,
    p.`country`,
    lower(trim(p.`country`)),
    p.`state_province`,
    lower(trim(p.`state_province`)),
    p.`city`,
    lower(trim(p.`city`)),
    (SELECT json_group_array(v.`value` ORDER BY v.`position`) FROM `consultant_industry` t
      JOIN `search_vocab` v ON v.`kind` = 'industry' AND v.`value` = t.`industry`
      WHERE t.`user_id` = u.`id`),
    (SELECT json_group_array(v.`value` ORDER BY v.`position`) FROM `consultant_region` t
      JOIN `search_vocab` v ON v.`kind` = 'region' AND v.`value` = t.`region`
      WHERE t.`user_id` = u.`id`),
    (SELECT json_group_array(v.`value` ORDER BY v.`position`) FROM `consultant_group` t
      JOIN `search_vocab` v ON v.`kind` = 'group' AND v.`value` = t.`broker_group`
      WHERE t.`user_id` = u.`id`),
    trim(
      coalesce((SELECT group_concat(v.`token`, ' ' ORDER BY v.`position`) FROM `consultant_industry` t
        JOIN `search_vocab` v ON v.`kind` = 'industry' AND v.`value` = t.`industry`
        WHERE t.`user_id` = u.`id`), '')
      || ' ' ||
      coalesce((SELECT group_concat(v.`token`, ' ' ORDER BY v.`position`) FROM `consultant_region` t
        JOIN `search_vocab` v ON v.`kind` = 'region' AND v.`value` = t.`region`
        WHERE t.`user_id` = u.`id`), '')
      || ' ' ||
      coalesce((SELECT group_concat(v.`token`, ' ' ORDER BY v.`position`) FROM `consultant_group` t
        JOIN `search_vocab` v ON v.`kind` = 'group' AND v.`value` = t.`broker_group`
        WHERE t.`user_id` = u.`id`), '')
      || ' ' ||
      coalesce('e' || p.`experience_level`, '')
    ),
    (SELECT avg(r.`rating`) FROM `review` r WHERE r.`consultant_id` = u.`id`),
    (SELECT count(*) FROM `review` r WHERE r.`consultant_id` = u.`id`),
    u.`created_at`
  FROM `user` u
  LEFT JOIN `consultant_profile` p ON p.`user_id` = u.`id`
  WHERE u.`id` = NEW.`id` AND u.`role` = 'consultant'
  ON CONFLICT (`user_id`) DO UPDATE SET
    `visible` = excluded.`visible`,
    `first_name` = excluded.`first_name`,
    `last_name` = excluded.`last_name`,
    `name_key` = excluded.`name_key`,
    `profile_photo` = excluded.`profile_photo`,
    `company` = excluded.`company`,
    `rate_cents` = excluded.`rate_cents`,
    `experience` = excluded.`experience`,
    `country` = excluded.`country`,
    `country_key` = excluded.`country_key`,
    `state_province` = excluded.`state_province`,
    `state_key` = excluded.`state_key`,
    `city` = excluded.`city`,
    `city_key` = excluded.`city_key`,
    `industries` = excluded.`industries`,
    `regions` = excluded.`regions`,
    `groups` = excluded.`groups`,
    `tags` = excluded.`tags`,
    `rating_avg` = excluded.`rating_avg`,
    `rating_count` = excluded.`rating_count`,
    `created_at` = excluded.`created_at`
  WHERE (
    `visible`, `first_name`, `last_name`, `profile_photo`, `company`, `rate_cents`, `experience`,
    `country`, `state_province`, `city`, `industries`, `regions`, `groups`, `tags`,
    `rating_avg`, `rating_count`, `created_at`
  ) IS NOT (
    excluded.`visible`, excluded.`first_name`, excluded.`last_name`, excluded.`profile_photo`,
    excluded.`company`, excluded.`rate_cents`, excluded.`experience`, excluded.`country`,
    excluded.`state_province`, excluded.`city`, excluded.`industries`, excluded.`regions`,
    excluded.`groups`, excluded.`tags`, excluded.`rating_avg`, excluded.`rating_count`,
    excluded.`created_at`
  );
  DELETE FROM `consultant_search` WHERE `user_id` = NEW.`id`
    AND NOT EXISTS (SELECT 1 FROM `user` WHERE `id` = NEW.`id` AND `role` = 'consultant');
  SELECT RAISE(IGNORE);
END;
--> statement-breakpoint
CREATE TRIGGER `search_refresh_consultant_text` BEFORE INSERT ON `search_refresh`
WHEN NEW.`kind` = 'consultant_text' AND coalesce((SELECT `paused` FROM `search_state` WHERE `id` = 1), 0) = 0
BEGIN
  UPDATE `consultant_search` SET `text_rev` = `text_rev` + 1 WHERE `user_id` = NEW.`id`;
  SELECT RAISE(IGNORE);
END;
--> statement-breakpoint
CREATE TRIGGER `search_refresh_franchise` BEFORE INSERT ON `search_refresh`
WHEN NEW.`kind` = 'franchise' AND coalesce((SELECT `paused` FROM `search_state` WHERE `id` = 1), 0) = 0
BEGIN
  INSERT INTO `franchise_search` (
    `franchise_id`, `visible`, `rep_user_id`, `rep_first_name`, `rep_last_name`, `rep_photo`,
    `company`, `company_key`, `logo`, `country`, `established`, `franchised_units`,
    `min_net_worth_cents`, `cash_min_cents`, `cash_max_cents`, `fee_cents`, `sba_eligible`,
    `e2_visa_friendly`, `veteran_discount`, `home_based`, `absentee_model`, `semi_absentee_model`,
    `b2b`, `master_franchise_opportunities`, `categories`, `states`, `tags`, `created_at`
  )
  SELECT
    f.`id`,
    f.`is_deleted` = 0 AND f.`is_deactivated` = 0 AND f.`status` = 1 AND r.`id` IS NOT NULL,
    r.`id`,
    r.`first_name`,
    r.`last_name`,
    r.`profile_photo`,
    f.`company`,
    lower(f.`company`),
    f.`logo`,
    f.`country`,
    f.`established`,
    f.`franchised_units`,
    f.`min_net_worth_cents`,
    f.`cash_required_min_cents`,
    f.`cash_required_max_cents`,
    f.`franchise_fee_cents`,
    f.`sba_eligible`,
    f.`e2_visa_friendly`,
    f.`veteran_discount`,
    f.`home_based`,
    f.`absentee_model`,
    f.`semi_absentee_model`,
    f.`b2b`,
    f.`master_franchise_opportunities`,
    (SELECT json_group_array(c.`category` ORDER BY coalesce(v.`position`, 1000000), c.`category`)
      FROM `franchise_category` c
      LEFT JOIN `search_vocab` v ON v.`kind` = 'industry' AND v.`value` = c.`category`
      WHERE c.`franchise_id` = f.`id`),
    (SELECT json_group_array(v.`value` ORDER BY v.`position`) FROM `franchise_state` s
      JOIN `search_vocab` v ON v.`kind` = 'state' AND v.`value` = s.`state_code`
      WHERE s.`franchise_id` = f.`id`),
    trim(
      coalesce((SELECT group_concat(v.`token`, ' ' ORDER BY v.`position`) FROM `franchise_category` c
        JOIN `search_vocab` v ON v.`kind` = 'industry' AND v.`value` = c.`category`
        WHERE c.`franchise_id` = f.`id`), '')
      || ' ' ||
      coalesce((SELECT group_concat(v.`token`, ' ' ORDER BY v.`position`) FROM `franchise_state` s
        JOIN `search_vocab` v ON v.`kind` = 'state' AND v.`value` = s.`state_code`
        WHERE s.`franchise_id` = f.`id`), '')
      || ' ' ||
      coalesce((SELECT v.`token` FROM `search_vocab` v
        WHERE v.`kind` = 'country' AND v.`value` = f.`country`), '')
      || ' ' ||
      coalesce((SELECT group_concat(v.`token`, ' ' ORDER BY v.`position`) FROM `search_vocab` v
        WHERE v.`kind` = 'flag' AND (
          (v.`value` = 'sbaEligible' AND f.`sba_eligible` = 1)
          OR (v.`value` = 'e2VisaFriendly' AND f.`e2_visa_friendly` = 1)
          OR (v.`value` = 'veteranDiscount' AND f.`veteran_discount` = 1)
          OR (v.`value` = 'homeBased' AND f.`home_based` = 1)
          OR (v.`value` = 'absenteeModel' AND f.`absentee_model` = 1)
          OR (v.`value` = 'semiAbsenteeModel' AND f.`semi_absentee_model` = 1)
          OR (v.`value` = 'b2b' AND f.`b2b` = 1)
          OR (v.`value` = 'masterFranchiseOpportunities' AND f.`master_franchise_opportunities` = 1)
        )), '')
    ),
    f.`created_at`
  FROM (
    SELECT b.*, coalesce(
      (SELECT m.`id` FROM `user` m
        WHERE m.`id` = b.`billing_contact_user_id` AND m.`franchise_id` = b.`id`
          AND m.`role` = 'franchisor' AND m.`is_verified` = 1 AND m.`status` = 1
          AND m.`is_deleted` = 0 AND m.`is_deactivated` = 0),
      (SELECT m.`id` FROM `user` m
        WHERE m.`franchise_id` = b.`id` AND m.`role` = 'franchisor' AND m.`is_verified` = 1
          AND m.`status` = 1 AND m.`is_deleted` = 0 AND m.`is_deactivated` = 0
        ORDER BY m.`created_at`, m.`id` LIMIT 1)
    ) AS `rep_id`
    FROM `franchise` b WHERE b.`id` = NEW.`id`
  ) f
  LEFT JOIN `user` r ON r.`id` = f.`rep_id`
  WHERE 1
  ON CONFLICT (`franchise_id`) DO UPDATE SET
    `visible` = excluded.`visible`,
    `rep_user_id` = excluded.`rep_user_id`,
    `rep_first_name` = excluded.`rep_first_name`,
    `rep_last_name` = excluded.`rep_last_name`,
    `rep_photo` = excluded.`rep_photo`,
    `company` = excluded.`company`,
    `company_key` = excluded.`company_key`,
    `logo` = excluded.`logo`,
    `country` = excluded.`country`,
    `established` = excluded.`established`,
    `franchised_units` = excluded.`franchised_units`,
    `min_net_worth_cents` = excluded.`min_net_worth_cents`,
    `cash_min_cents` = excluded.`cash_min_cents`,
    `cash_max_cents` = excluded.`cash_max_cents`,
    `fee_cents` = excluded.`fee_cents`,
    `sba_eligible` = excluded.`sba_eligible`,
    `e2_visa_friendly` = excluded.`e2_visa_friendly`,
    `veteran_discount` = excluded.`veteran_discount`,
    `home_based` = excluded.`home_based`,
    `absentee_model` = excluded.`absentee_model`,
    `semi_absentee_model` = excluded.`semi_absentee_model`,
    `b2b` = excluded.`b2b`,
    `master_franchise_opportunities` = excluded.`master_franchise_opportunities`,
    `categories` = excluded.`categories`,
    `states` = excluded.`states`,
    `tags` = excluded.`tags`,
    `created_at` = excluded.`created_at`
  WHERE (
    `visible`, `rep_user_id`, `rep_first_name`, `rep_last_name`, `rep_photo`, `company`, `logo`,
    `country`, `established`, `franchised_units`, `min_net_worth_cents`, `cash_min_cents`,
    `cash_max_cents`, `fee_cents`, `sba_eligible`, `e2_visa_friendly`, `veteran_discount`,
    `home_based`, `absentee_model`, `semi_absentee_model`, `b2b`,
    `master_franchise_opportunities`, `categories`, `states`, `tags`, `created_at`
  ) IS NOT (
    excluded.`visible`, excluded.`rep_user_id`, excluded.`rep_first_name`,
    excluded.`rep_last_name`, excluded.`rep_photo`, excluded.`company`, excluded.`logo`,
    excluded.`country`, excluded.`established`, excluded.`franchised_units`,
    excluded.`min_net_worth_cents`, excluded.`cash_min_cents`, excluded.`cash_max_cents`,
    excluded.`fee_cents`, excluded.`sba_eligible`, excluded.`e2_visa_friendly`,
    excluded.`veteran_discount`, excluded.`home_based`, excluded.`absentee_model`,
    excluded.`semi_absentee_model`, excluded.`b2b`, excluded.`master_franchise_opportunities`,
    excluded.`categories`, excluded.`states`, excluded.`tags`, excluded.`created_at`
  );
  DELETE FROM `franchise_search` WHERE `franchise_id` = NEW.`id`
    AND NOT EXISTS (SELECT 1 FROM `franchise` WHERE `id` = NEW.`id`);
  SELECT RAISE(IGNORE);
END;
--> statement-breakpoint
CREATE TRIGGER `search_refresh_franchise_text` BEFORE INSERT ON `search_refresh`
WHEN NEW.`kind` = 'franchise_text' AND coalesce((SELECT `paused` FROM `search_state` WHERE `id` = 1), 0) = 0
BEGIN
  UPDATE `franchise_search` SET `text_rev` = `text_rev` + 1 WHERE `franchise_id` = NEW.`id`;
  SELECT RAISE(IGNORE);
END;
--> statement-breakpoint
CREATE TRIGGER `search_refresh_unknown` BEFORE INSERT ON `search_refresh`
WHEN NEW.`kind` NOT IN ('consultant', 'consultant_text', 'franchise', 'franchise_text')
BEGIN
  SELECT RAISE(ABORT, 'search_refresh: unknown kind');
END;
--> statement-breakpoint
-- Projection rows → FTS rows (visible ones only) and the cache epochs.
CREATE TRIGGER `consultant_search_ai` AFTER INSERT ON `consultant_search`
BEGIN
  INSERT INTO `consultant_fts` (`rowid`, `first_name`, `last_name`, `company`, `bio`, `tags`)
  SELECT NEW.`rid`, NEW.`first_name`, NEW.`last_name`, coalesce(NEW.`company`, ''),
    coalesce((SELECT `bio` FROM `consultant_profile` WHERE `user_id` = NEW.`user_id`), ''),
    NEW.`tags`
  WHERE NEW.`visible` = 1;
  UPDATE `search_state` SET `consultant_epoch` = `consultant_epoch` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `consultant_search_au` AFTER UPDATE ON `consultant_search`
BEGIN
  UPDATE `search_state` SET `consultant_epoch` = `consultant_epoch` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `consultant_search_au_fts` AFTER UPDATE ON `consultant_search`
WHEN (OLD.`visible`, OLD.`first_name`, OLD.`last_name`, OLD.`company`, OLD.`tags`, OLD.`text_rev`)
  IS NOT (NEW.`visible`, NEW.`first_name`, NEW.`last_name`, NEW.`company`, NEW.`tags`, NEW.`text_rev`)
BEGIN
  DELETE FROM `consultant_fts` WHERE `rowid` = OLD.`rid`;
  INSERT INTO `consultant_fts` (`rowid`, `first_name`, `last_name`, `company`, `bio`, `tags`)
  SELECT NEW.`rid`, NEW.`first_name`, NEW.`last_name`, coalesce(NEW.`company`, ''),
    coalesce((SELECT `bio` FROM `consultant_profile` WHERE `user_id` = NEW.`user_id`), ''),
    NEW.`tags`
  WHERE NEW.`visible` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `consultant_search_ad` AFTER DELETE ON `consultant_search`
BEGIN
  DELETE FROM `consultant_fts` WHERE `rowid` = OLD.`rid`;
  UPDATE `search_state` SET `consultant_epoch` = `consultant_epoch` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `franchise_search_ai` AFTER INSERT ON `franchise_search`
BEGIN
  INSERT INTO `franchise_fts` (`rowid`, `company`, `categories`, `overview`, `details`, `tags`)
  SELECT NEW.`rid`, f.`company`,
    coalesce((SELECT group_concat(`category`, ' ') FROM `franchise_category` WHERE `franchise_id` = f.`id`), ''),
    coalesce(f.`overview`, ''),
    concat_ws(' ', f.`training`, f.`day_in_the_life_of_the_owner`, f.`who_is_an_ideal_candidate`, f.`special_discount_programs`),
    NEW.`tags`
  FROM `franchise` f WHERE f.`id` = NEW.`franchise_id` AND NEW.`visible` = 1;
  UPDATE `search_state` SET `franchise_epoch` = `franchise_epoch` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `franchise_search_au` AFTER UPDATE ON `franchise_search`
BEGIN
  UPDATE `search_state` SET `franchise_epoch` = `franchise_epoch` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `franchise_search_au_fts` AFTER UPDATE ON `franchise_search`
WHEN (OLD.`visible`, OLD.`company`, OLD.`categories`, OLD.`tags`, OLD.`text_rev`)
  IS NOT (NEW.`visible`, NEW.`company`, NEW.`categories`, NEW.`tags`, NEW.`text_rev`)
BEGIN
  DELETE FROM `franchise_fts` WHERE `rowid` = OLD.`rid`;
  INSERT INTO `franchise_fts` (`rowid`, `company`, `categories`, `overview`, `details`, `tags`)
  SELECT NEW.`rid`, f.`company`,
    coalesce((SELECT group_concat(`category`, ' ') FROM `franchise_category` WHERE `franchise_id` = f.`id`), ''),
    coalesce(f.`overview`, ''),
    concat_ws(' ', f.`training`, f.`day_in_the_life_of_the_owner`, f.`who_is_an_ideal_candidate`, f.`special_discount_programs`),
    NEW.`tags`
  FROM `franchise` f WHERE f.`id` = NEW.`franchise_id` AND NEW.`visible` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `franchise_search_ad` AFTER DELETE ON `franchise_search`
BEGIN
  DELETE FROM `franchise_fts` WHERE `rowid` = OLD.`rid`;
  UPDATE `search_state` SET `franchise_epoch` = `franchise_epoch` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
-- Base tables → refresh calls.
CREATE TRIGGER `search_user_ai` AFTER INSERT ON `user`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) SELECT 'consultant', NEW.`id` WHERE NEW.`role` = 'consultant';
  INSERT INTO `search_refresh` (`kind`, `id`) SELECT 'franchise', NEW.`franchise_id` WHERE NEW.`franchise_id` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `search_user_au` AFTER UPDATE OF
  `role`, `first_name`, `last_name`, `profile_photo`, `is_verified`, `status`, `is_deleted`,
  `is_deactivated`, `franchise_id`, `created_at` ON `user`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'consultant', NEW.`id` WHERE 'consultant' IN (OLD.`role`, NEW.`role`);
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'franchise', NEW.`franchise_id` WHERE NEW.`franchise_id` IS NOT NULL
    UNION SELECT 'franchise', OLD.`franchise_id` WHERE OLD.`franchise_id` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `search_user_ad` AFTER DELETE ON `user`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) SELECT 'consultant', OLD.`id` WHERE OLD.`role` = 'consultant';
  INSERT INTO `search_refresh` (`kind`, `id`) SELECT 'franchise', OLD.`franchise_id` WHERE OLD.`franchise_id` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_profile_ai` AFTER INSERT ON `consultant_profile`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('consultant', NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_profile_au` AFTER UPDATE OF
  `user_id`, `rate_cents`, `bio`, `company`, `experience_level`, `country`, `state_province`, `city`
  ON `consultant_profile`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'consultant', NEW.`user_id` UNION SELECT 'consultant', OLD.`user_id`;
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'consultant_text', NEW.`user_id` WHERE OLD.`bio` IS NOT NEW.`bio`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_profile_ad` AFTER DELETE ON `consultant_profile`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('consultant', OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_industry_ai` AFTER INSERT ON `consultant_industry`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('consultant', NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_industry_au` AFTER UPDATE ON `consultant_industry`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'consultant', NEW.`user_id` UNION SELECT 'consultant', OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_industry_ad` AFTER DELETE ON `consultant_industry`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('consultant', OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_region_ai` AFTER INSERT ON `consultant_region`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('consultant', NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_region_au` AFTER UPDATE ON `consultant_region`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'consultant', NEW.`user_id` UNION SELECT 'consultant', OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_region_ad` AFTER DELETE ON `consultant_region`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('consultant', OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_group_ai` AFTER INSERT ON `consultant_group`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('consultant', NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_group_au` AFTER UPDATE ON `consultant_group`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'consultant', NEW.`user_id` UNION SELECT 'consultant', OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_consultant_group_ad` AFTER DELETE ON `consultant_group`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('consultant', OLD.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_review_ai` AFTER INSERT ON `review`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('consultant', NEW.`consultant_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_review_au` AFTER UPDATE OF `rating`, `consultant_id` ON `review`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'consultant', NEW.`consultant_id` UNION SELECT 'consultant', OLD.`consultant_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_review_ad` AFTER DELETE ON `review`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('consultant', OLD.`consultant_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_franchise_ai` AFTER INSERT ON `franchise`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('franchise', NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_franchise_au` AFTER UPDATE ON `franchise`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('franchise', NEW.`id`);
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'franchise_text', NEW.`id`
    WHERE (OLD.`overview`, OLD.`training`, OLD.`day_in_the_life_of_the_owner`,
      OLD.`who_is_an_ideal_candidate`, OLD.`special_discount_programs`)
      IS NOT (NEW.`overview`, NEW.`training`, NEW.`day_in_the_life_of_the_owner`,
      NEW.`who_is_an_ideal_candidate`, NEW.`special_discount_programs`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_franchise_ad` AFTER DELETE ON `franchise`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('franchise', OLD.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_franchise_category_ai` AFTER INSERT ON `franchise_category`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('franchise', NEW.`franchise_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_franchise_category_au` AFTER UPDATE ON `franchise_category`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'franchise', NEW.`franchise_id` UNION SELECT 'franchise', OLD.`franchise_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_franchise_category_ad` AFTER DELETE ON `franchise_category`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('franchise', OLD.`franchise_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_franchise_state_ai` AFTER INSERT ON `franchise_state`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('franchise', NEW.`franchise_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_franchise_state_au` AFTER UPDATE ON `franchise_state`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`)
    SELECT 'franchise', NEW.`franchise_id` UNION SELECT 'franchise', OLD.`franchise_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_franchise_state_ad` AFTER DELETE ON `franchise_state`
BEGIN
  INSERT INTO `search_refresh` (`kind`, `id`) VALUES ('franchise', OLD.`franchise_id`);
END;
