/** The seven factor keys of a weight set, and their sum (weights are renormalised to 1). */
export const FACTOR_KEYS = ['vehicleTraffic', 'roadClass', 'populationDensity', 'income', 'poiDensity', 'pedestrian', 'transit'] as const
export const sumOf = (w: Record<string, number>) => FACTOR_KEYS.reduce((s, k) => s + w[k], 0)
