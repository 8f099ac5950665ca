-- Geodata store, street part (docs/geocoding.md "The geodata store"): named pieces of street
-- centreline (≤ 250 m each) with their normalised name key, type, direction, road class and an encoded
-- polyline, indexed by a 0.01° cell (reverse lookup: the cells around a point) and by name (intersections).
-- geodata_meta keeps the loaded data version so a start with unchanged artefacts skips the import.
CREATE TABLE `street_pieces` (
	`id` integer PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`name_key` text NOT NULL,
	`type_key` text NOT NULL,
	`dir` text NOT NULL,
	`name` text NOT NULL,
	`road_class` integer NOT NULL,
	`cell` integer NOT NULL,
	`min_lat_e5` integer NOT NULL,
	`min_lng_e5` integer NOT NULL,
	`max_lat_e5` integer NOT NULL,
	`max_lng_e5` integer NOT NULL,
	`line` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `street_pieces_cell_idx` ON `street_pieces` (`cell`);--> statement-breakpoint
CREATE INDEX `street_pieces_name_idx` ON `street_pieces` (`name_key`,`min_lat_e5`);--> statement-breakpoint
CREATE INDEX `street_pieces_source_idx` ON `street_pieces` (`source`);--> statement-breakpoint
CREATE TABLE `geodata_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
