CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`object_key` text NOT NULL,
	`address` text NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`overall_score` real NOT NULL,
	`grade` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reports_user_created_idx` ON `reports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `pois` (
	`id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`source_id` text NOT NULL,
	`name` text NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`type` text NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`imported_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pois_source_id_uq` ON `pois` (`source`,`source_id`);--> statement-breakpoint
CREATE INDEX `pois_lat_lng_idx` ON `pois` (`lat`,`lng`);--> statement-breakpoint
CREATE INDEX `pois_type_lat_idx` ON `pois` (`type`,`lat`);