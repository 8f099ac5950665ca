-- Seed catalogue (DESIGN §7). Stable ids: products 10000000-0000-4000-8000-0000000000NN,
-- variants 20000000-0000-4000-8000-0000PPPPVVVV (PPPP = product number, VVVV = variant number, e.g. 000000010001). Prices: CAD cents.
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000001', 'front-lit-channel-letters', 'Front-lit LED channel letters', 'channel-letters', 'Individually fabricated aluminum letters with translucent acrylic faces, lit from inside by low-voltage LED modules. UL/CSA-listed power supplies; raceway or flush mount. Price per set for the letter height and overall run shown, fabrication and permit drawings included, installation quoted separately.', 1, 10);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000010001', '10000000-0000-4000-8000-000000000001', '12 in letters, up to 8 ft run', 'Aluminum returns, acrylic faces', 420000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000010002', '10000000-0000-4000-8000-000000000001', '18 in letters, up to 12 ft run', 'Aluminum returns, acrylic faces', 780000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000010003', '10000000-0000-4000-8000-000000000001', '24 in letters, up to 16 ft run', 'Aluminum returns, acrylic faces', 1150000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000010004', '10000000-0000-4000-8000-000000000001', '30 in letters, up to 20 ft run', 'Aluminum returns, acrylic faces', 1690000, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000010005', '10000000-0000-4000-8000-000000000001', '24 in letters, up to 16 ft run, on raceway', 'Aluminum returns, acrylic faces, painted raceway', 1290000, 1, 5);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000002', 'halo-lit-channel-letters', 'Halo-lit (reverse-lit) channel letters', 'channel-letters', 'Solid-face letters stood off the wall so the LEDs wash a halo of light on the facade behind. A premium look for offices, clinics and restaurants.', 1, 20);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000020001', '10000000-0000-4000-8000-000000000002', '12 in letters, up to 8 ft run', 'Painted aluminum', 540000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000020002', '10000000-0000-4000-8000-000000000002', '18 in letters, up to 12 ft run', 'Painted aluminum', 960000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000020003', '10000000-0000-4000-8000-000000000002', '18 in letters, up to 12 ft run', 'Brushed stainless steel', 1240000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000020004', '10000000-0000-4000-8000-000000000002', '24 in letters, up to 16 ft run', 'Painted aluminum', 1420000, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000020005', '10000000-0000-4000-8000-000000000002', '24 in letters, up to 16 ft run', 'Brushed stainless steel', 1860000, 1, 5);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000003', 'double-sided-pylon-sign', 'Double-sided illuminated pylon sign', 'pylon', 'Free-standing steel pylon with internally lit cabinets on both faces, engineered for Canadian wind and snow loads (stamped drawings included). For plazas, gas stations and highway-commercial strips. Concrete footing and crane installation quoted per site.', 1, 30);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000030001', '10000000-0000-4000-8000-000000000003', '12 ft overall, 4x6 ft cabinet', 'Steel structure, aluminum cabinet, polycarbonate faces', 1850000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000030002', '10000000-0000-4000-8000-000000000003', '16 ft overall, 5x8 ft cabinet', 'Steel structure, aluminum cabinet, polycarbonate faces', 2600000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000030003', '10000000-0000-4000-8000-000000000003', '20 ft overall, 6x10 ft cabinet', 'Steel structure, aluminum cabinet, polycarbonate faces', 3800000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000030004', '10000000-0000-4000-8000-000000000003', '25 ft overall, 8x12 ft cabinet', 'Steel structure, aluminum cabinet, flex faces', 5200000, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000030005', '10000000-0000-4000-8000-000000000003', '30 ft overall, 8x14 ft cabinet', 'Steel structure, aluminum cabinet, flex faces', 6900000, 0, 5);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000004', 'monument-sign', 'Monument sign', 'monument', 'Low, ground-level sign on a solid base: the usual choice for office parks, churches, schools and residential developments where municipal bylaws limit height.', 1, 40);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000040001', '10000000-0000-4000-8000-000000000004', '6x3 ft, single-face', 'High-density urethane (HDU), non-lit', 690000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000040002', '10000000-0000-4000-8000-000000000004', '6x3 ft, double-face', 'High-density urethane (HDU), non-lit', 890000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000040003', '10000000-0000-4000-8000-000000000004', '8x4 ft, double-face', 'Aluminum cabinet on masonry base, LED lit', 1450000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000040004', '10000000-0000-4000-8000-000000000004', '10x5 ft, double-face', 'Aluminum cabinet with stone veneer, LED lit', 2200000, 1, 4);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000005', 'illuminated-lightbox-sign', 'Illuminated lightbox (cabinet) sign', 'lightbox', 'Wall-mounted aluminum cabinet with LED illumination and a printed or vinyl-decorated face. Cost-effective and easy to re-face when the brand changes.', 1, 50);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000050001', '10000000-0000-4000-8000-000000000005', '3x6 ft, single-face', 'Aluminum cabinet, polycarbonate face', 240000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000050002', '10000000-0000-4000-8000-000000000005', '4x8 ft, single-face', 'Aluminum cabinet, polycarbonate face', 360000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000050003', '10000000-0000-4000-8000-000000000005', '4x10 ft, single-face', 'Aluminum cabinet, flex face', 470000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000050004', '10000000-0000-4000-8000-000000000005', '4x10 ft, double-face', 'Aluminum cabinet, flex faces', 590000, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000050005', '10000000-0000-4000-8000-000000000005', '5x12 ft, single-face', 'Aluminum cabinet, flex face', 820000, 1, 5);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000050006', '10000000-0000-4000-8000-000000000005', '2x8 ft, single-face', 'Aluminum cabinet, polycarbonate face', 210000, 0, 6);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000006', 'projecting-blade-sign', 'Projecting blade sign', 'blade', 'Double-sided sign on a wall bracket, perpendicular to the facade so pedestrians see it down the sidewalk. Popular on main streets and in BIAs.', 1, 60);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000060001', '10000000-0000-4000-8000-000000000006', '24 in round, non-lit', 'Aluminum composite panel, wrought-iron-style bracket', 89000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000060002', '10000000-0000-4000-8000-000000000006', '24 in round, LED lit', 'Aluminum cabinet, acrylic faces', 145000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000060003', '10000000-0000-4000-8000-000000000006', '30 in round, LED lit', 'Aluminum cabinet, acrylic faces', 195000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000060004', '10000000-0000-4000-8000-000000000006', '36 in round, LED lit', 'Aluminum cabinet, acrylic faces', 260000, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000060005', '10000000-0000-4000-8000-000000000006', '24x36 in rectangle, carved', 'HDU with gold-leaf accents', 165000, 1, 5);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000007', 'full-colour-led-message-centre', 'Full-colour LED message centre', 'led-message-centre', 'Programmable outdoor LED display with cloud content management, automatic dimming and a 5-year parts warranty. Mounts into a pylon or monument or on its own cabinet. Check your municipality’s rules on animation and brightness.', 1, 70);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000070001', '10000000-0000-4000-8000-000000000007', '3x6 ft, 16 mm pitch', 'Full-colour SMD LED, aluminum cabinet', 1490000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000070002', '10000000-0000-4000-8000-000000000007', '4x8 ft, 10 mm pitch', 'Full-colour SMD LED, aluminum cabinet', 2750000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000070003', '10000000-0000-4000-8000-000000000007', '5x10 ft, 10 mm pitch', 'Full-colour SMD LED, aluminum cabinet', 4200000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000070004', '10000000-0000-4000-8000-000000000007', '6x12 ft, 10 mm pitch', 'Full-colour SMD LED, aluminum cabinet', 5800000, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000070005', '10000000-0000-4000-8000-000000000007', '4x8 ft, 16 mm pitch', 'Full-colour SMD LED, aluminum cabinet', 2150000, 1, 5);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000008', 'a-frame-sidewalk-sign', 'A-frame sidewalk sign', 'sidewalk', 'Portable double-sided sandwich board for storefronts and patios, printed both sides. Folds flat for storage.', 1, 80);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000080001', '10000000-0000-4000-8000-000000000008', '24x36 in', 'Corrugated plastic inserts, steel frame', 18900, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000080002', '10000000-0000-4000-8000-000000000008', '24x36 in', 'Wood chalkboard', 27900, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000080003', '10000000-0000-4000-8000-000000000008', '24x36 in', 'Plastic frame (Signicade style), printed', 29900, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000080004', '10000000-0000-4000-8000-000000000008', '24x36 in', 'Aluminum frame, aluminum composite panels', 34900, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000080005', '10000000-0000-4000-8000-000000000008', '24x36 in', 'Water-base swinging sign, printed', 42900, 1, 5);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000009', 'vinyl-banner', 'Vinyl banner', 'banners', 'Full-colour outdoor banner, heat-welded hems and grommets every 2 ft. Mesh option for windy fences and scaffolding.', 1, 90);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000090001', '10000000-0000-4000-8000-000000000009', '2x4 ft', '13 oz scrim vinyl', 7900, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000090002', '10000000-0000-4000-8000-000000000009', '3x6 ft', '13 oz scrim vinyl', 13900, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000090003', '10000000-0000-4000-8000-000000000009', '4x8 ft', '13 oz scrim vinyl', 21900, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000090004', '10000000-0000-4000-8000-000000000009', '3x10 ft', '9 oz mesh vinyl', 24900, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000090005', '10000000-0000-4000-8000-000000000009', '4x12 ft', '13 oz scrim vinyl', 37900, 1, 5);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000090006', '10000000-0000-4000-8000-000000000009', '4x12 ft', '9 oz mesh vinyl', 39900, 1, 6);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000010', 'retractable-banner-stand', 'Retractable banner stand', 'banners', 'Roll-up stand with printed graphic and carry bag, for trade shows and lobbies.', 1, 100);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000100001', '10000000-0000-4000-8000-000000000010', '33x80 in', 'Economy stand, polyester film', 22900, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000100002', '10000000-0000-4000-8000-000000000010', '33x80 in', 'Premium wide-base stand, blockout film', 38900, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000100003', '10000000-0000-4000-8000-000000000010', '47x80 in', 'Premium wide-base stand, blockout film', 45900, 1, 3);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000011', 'window-graphics', 'Window graphics', 'window-graphics', 'Printed or cut vinyl for storefront glass: perforated one-way vision, frosted privacy film or opaque decals. Price by area, installation on clean glass included in the GTA, Montréal and Vancouver.', 1, 110);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000110001', '10000000-0000-4000-8000-000000000011', 'Up to 10 sq ft', 'Perforated one-way vision vinyl', 24000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000110002', '10000000-0000-4000-8000-000000000011', 'Up to 25 sq ft', 'Perforated one-way vision vinyl', 52000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000110003', '10000000-0000-4000-8000-000000000011', 'Up to 50 sq ft', 'Perforated one-way vision vinyl', 95000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000110004', '10000000-0000-4000-8000-000000000011', 'Up to 25 sq ft', 'Frosted etched-glass vinyl', 48000, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000110005', '10000000-0000-4000-8000-000000000011', 'Up to 25 sq ft', 'Opaque printed vinyl decal', 45000, 1, 5);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000012', 'vehicle-wrap', 'Vehicle wrap', 'vehicle-graphics', 'Design, print and installation of cast vinyl with laminate on your vehicle. Rated for Canadian winters; removable without paint damage within the film’s service life.', 1, 120);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000120001', '10000000-0000-4000-8000-000000000012', 'Car, partial (doors and rear)', '3M IJ180Cv3 cast vinyl, laminated', 165000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000120002', '10000000-0000-4000-8000-000000000012', 'Car, full wrap', '3M IJ180Cv3 cast vinyl, laminated', 390000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000120003', '10000000-0000-4000-8000-000000000012', 'Pickup truck, full wrap', '3M IJ180Cv3 cast vinyl, laminated', 420000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000120004', '10000000-0000-4000-8000-000000000012', 'Cargo van, full wrap', '3M IJ180Cv3 cast vinyl, laminated', 480000, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000120005', '10000000-0000-4000-8000-000000000012', '16 ft box truck, sides and rear', 'Avery MPI 1105 cast vinyl, laminated', 650000, 1, 5);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000120006', '10000000-0000-4000-8000-000000000012', 'Car, full colour change', 'Avery SW900 colour film', 340000, 0, 6);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000013', 'vehicle-door-decals', 'Vehicle door decals and magnets', 'vehicle-graphics', 'Logo and phone number for both front doors: cut vinyl that stays, or magnets that come off after hours.', 1, 130);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000130001', '10000000-0000-4000-8000-000000000013', '12x18 in, pair', 'Cut vinyl lettering', 14900, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000130002', '10000000-0000-4000-8000-000000000013', '12x18 in, pair', 'Printed magnetic sheet (30 mil)', 18900, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000130003', '10000000-0000-4000-8000-000000000013', '18x24 in, pair', 'Printed magnetic sheet (30 mil)', 24900, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000130004', '10000000-0000-4000-8000-000000000013', '24x36 in, pair', 'Printed cast vinyl, laminated', 32900, 1, 4);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000014', 'wayfinding-signage', 'Wayfinding and directional signage', 'wayfinding', 'Interior and exterior signs that guide visitors: directories, directional posts and accessible room identification with tactile text and Grade 2 Braille (CSA B651).', 1, 140);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000140001', '10000000-0000-4000-8000-000000000014', '8x8 in room ID', 'Acrylic, raised tactile text and Braille', 9500, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000140002', '10000000-0000-4000-8000-000000000014', '12x12 in room ID', 'Acrylic, raised tactile text and Braille', 13500, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000140003', '10000000-0000-4000-8000-000000000014', '24x36 in wall directory', 'Aluminum frame, changeable inserts', 185000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000140004', '10000000-0000-4000-8000-000000000014', 'Post and panel, 18x24 in', 'Aluminum post and panel, reflective vinyl', 115000, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000140005', '10000000-0000-4000-8000-000000000014', 'Post and two panels, 24x36 in', 'Aluminum post and panels, reflective vinyl', 168000, 1, 5);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000015', 'dimensional-letters', 'Dimensional (non-lit) letters', 'dimensional-letters', 'Cut letters and logos stud-mounted to a wall or fascia: crisp and affordable where lighting isn’t needed. Price per set of up to 12 characters.', 1, 150);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000150001', '10000000-0000-4000-8000-000000000015', '8 in letters', 'Painted PVC, 1/2 in thick', 89000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000150002', '10000000-0000-4000-8000-000000000015', '8 in letters', 'Acrylic, 1/2 in thick', 115000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000150003', '10000000-0000-4000-8000-000000000015', '12 in letters', 'Painted aluminum, 1/4 in', 240000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000150004', '10000000-0000-4000-8000-000000000015', '18 in letters', 'Painted aluminum, 1/4 in', 390000, 1, 4);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000150005', '10000000-0000-4000-8000-000000000015', '12 in letters', 'Brushed stainless steel, fabricated', 320000, 1, 5);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000016', 'coroplast-yard-sign', 'Coroplast yard sign', 'yard-signs', 'Corrugated plastic signs with wire H-stakes for real estate, elections, events and contractors. Price per sign; stakes included.', 1, 160);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000160001', '10000000-0000-4000-8000-000000000016', '18x24 in, single-sided', '4 mm coroplast', 2400, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000160002', '10000000-0000-4000-8000-000000000016', '18x24 in, double-sided', '4 mm coroplast', 3200, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000160003', '10000000-0000-4000-8000-000000000016', '24x36 in, double-sided', '4 mm coroplast', 4800, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000160004', '10000000-0000-4000-8000-000000000016', '24x36 in, double-sided', '10 mm coroplast', 6900, 1, 4);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000017', 'glass-neon-sign', 'Glass neon sign', 'neon', 'Hand-bent glass neon tube sign. Discontinued: replaced by LED neon flex.', 0, 170);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000170001', '10000000-0000-4000-8000-000000000017', '24x12 in', 'Glass tube on acrylic backer', 65000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000170002', '10000000-0000-4000-8000-000000000017', '36x18 in', 'Glass tube on acrylic backer', 98000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000170003', '10000000-0000-4000-8000-000000000017', '48x24 in', 'Glass tube on acrylic backer', 145000, 1, 3);
--> statement-breakpoint
INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES ('10000000-0000-4000-8000-000000000018', 'led-neon-flex-sign', 'LED neon-flex sign', 'neon', 'The look of neon with flexible LED strip: cooler, unbreakable and far more efficient. Indoor use, plug-in dimmer included.', 1, 180);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000180001', '10000000-0000-4000-8000-000000000018', '24x12 in', 'LED neon flex on clear acrylic', 42000, 1, 1);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000180002', '10000000-0000-4000-8000-000000000018', '36x18 in', 'LED neon flex on clear acrylic', 64000, 1, 2);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000180003', '10000000-0000-4000-8000-000000000018', '48x24 in', 'LED neon flex on clear acrylic', 89000, 1, 3);
--> statement-breakpoint
INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) VALUES ('20000000-0000-4000-8000-000000180004', '10000000-0000-4000-8000-000000000018', '36x18 in', 'LED neon flex on black acrylic', 67000, 1, 4);
