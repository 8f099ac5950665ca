-- Geodata store format 2: each street piece carries its street's run, how far the same named street goes on
-- unbroken (metres; 0 unknown), which the traffic model reads as the street's continuity (docs/methodology.md
-- §2.3). `npm run load:geodata` reloads the pieces with it (the data version changes with the format).
ALTER TABLE `street_pieces` ADD `run_m` integer DEFAULT 0 NOT NULL;
