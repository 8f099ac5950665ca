CREATE TABLE `address_points` (
	`id` integer PRIMARY KEY NOT NULL,
	`source_id` integer NOT NULL,
	`city_key` text NOT NULL,
	`name_key` text NOT NULL,
	`type_key` text NOT NULL,
	`dir` text NOT NULL,
	`number` integer NOT NULL,
	`suffix` text NOT NULL,
	`lat_e5` integer NOT NULL,
	`lng_e5` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `address_points_city_name_idx` ON `address_points` (`city_key`,`name_key`,`number`);--> statement-breakpoint
CREATE INDEX `address_points_name_lat_idx` ON `address_points` (`name_key`,`lat_e5`);--> statement-breakpoint
CREATE INDEX `address_points_source_idx` ON `address_points` (`source_id`);--> statement-breakpoint
CREATE TABLE `address_sources` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`file` text NOT NULL,
	`sha256` text NOT NULL,
	`points` integer NOT NULL,
	`licence` text NOT NULL,
	`imported_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `address_sources_name_unique` ON `address_sources` (`name`);