-- Geodata store, counted volumes (docs/decisions.md §5.1; methodology §2.3): City of Edmonton AAWDT count
-- sites and City of Vancouver intersection turning-movement counts, as daily vehicles (AADT-equivalent)
-- and daily pedestrians where counted, indexed by the street pieces' 0.01° cell. A point within 30 m of
-- one takes its count as measured (src/services/count-store.ts). Loaded by `npm run load:geodata`.
CREATE TABLE `count_sites` (
	`id` integer PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`kind` text NOT NULL,
	`cell` integer NOT NULL,
	`lat_e5` integer NOT NULL,
	`lng_e5` integer NOT NULL,
	`vehicles` integer NOT NULL,
	`pedestrians` integer,
	`year` integer NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `count_sites_cell_idx` ON `count_sites` (`cell`);--> statement-breakpoint
CREATE INDEX `count_sites_source_idx` ON `count_sites` (`source`);
