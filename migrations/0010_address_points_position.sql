-- Reverse geocoding from address points (src/services/street-store.ts reverseLocate): the nearest civic
-- address to a coordinate, by a latitude band then longitude, where no street centreline is loaded.
CREATE INDEX `address_points_position_idx` ON `address_points` (`lat_e5`,`lng_e5`);
