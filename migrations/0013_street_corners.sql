-- Geodata store, named corners (docs/geocoding.md "Corners from the City tables"): the City of Toronto's
-- signalised intersections and the City of Vancouver's named intersections, each street's normalised key,
-- the display name and the City's position. One row per street order, so the (name_key_a, name_key_b)
-- index answers a typed intersection in either order. Loaded by `npm run load:geodata`.
CREATE TABLE `street_corners` (
	`id` integer PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`name_key_a` text NOT NULL,
	`type_key_a` text NOT NULL,
	`dir_a` text NOT NULL,
	`name_key_b` text NOT NULL,
	`type_key_b` text NOT NULL,
	`dir_b` text NOT NULL,
	`name` text NOT NULL,
	`cell` integer NOT NULL,
	`lat_e5` integer NOT NULL,
	`lng_e5` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `street_corners_names_idx` ON `street_corners` (`name_key_a`,`name_key_b`);--> statement-breakpoint
CREATE INDEX `street_corners_source_idx` ON `street_corners` (`source`);
