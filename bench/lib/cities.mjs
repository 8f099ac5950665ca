// Centres of Canada's largest cities, largest first: benches sample coordinates around them.
export const BIG_CITY_CENTRES = [
  [43.6487, -79.3806], // Toronto
  [45.5017, -73.5673], // Montréal
  [49.2827, -123.1207], // Vancouver
  [51.0447, -114.0719], // Calgary
  [45.4215, -75.6972], // Ottawa
  [53.5461, -113.4938], // Edmonton
  [49.8951, -97.1384], // Winnipeg
  [44.6488, -63.5752], // Halifax
]
