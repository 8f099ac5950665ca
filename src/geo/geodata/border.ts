// The parts of the United States inside Canada's bounding box (CANADA_BOUNDS below): the
// contiguous states south of the border, and Alaska with its panhandle. Coordinates there are not
// in Canada and our Canadian data would score them as if they were (Detroit as Windsor).
// Simplified boundary, hand-digitised along the 49th parallel, the Juan de Fuca and Haro straits,
// the middle of the Great Lakes and the boundary rivers (St. Marys, St. Clair, Detroit, Niagara,
// St. Lawrence, Saint John, St. Croix) and the Alaska panhandle; accurate to about 1–2 km, so a
// point on a boundary river's bank can fall on the wrong side (docs/methodology.md, known limits).
type Ring = readonly (readonly [lng: number, lat: number])[]

const CONTIGUOUS_US: Ring = [
  [-125.5, 48.5],
  [-124.73, 48.49],
  [-124.0, 48.3],
  [-123.5, 48.23],
  [-123.22, 48.28],
  [-123.25, 48.5],
  [-123.27, 48.7],
  [-123.02, 48.78],
  [-123.32, 49.0],
  [-95.15, 49.0],
  [-94.9, 48.85],
  [-94.6, 48.72],
  [-94.0, 48.65],
  [-93.4, 48.605],
  [-93.0, 48.62],
  [-92.5, 48.45],
  [-92.0, 48.3],
  [-91.4, 48.05],
  [-90.8, 48.1],
  [-90.0, 48.03],
  [-89.6, 48.0],
  [-89.3, 47.98],
  [-88.7, 48.3],
  [-88.3, 48.3],
  [-86.0, 47.75],
  [-85.0, 47.0],
  [-84.8, 46.9],
  [-84.6, 46.6],
  [-84.37, 46.505],
  [-84.1, 46.45],
  [-84.0, 46.3],
  [-83.9, 46.05],
  [-83.55, 45.95],
  [-83.0, 45.7],
  [-82.5, 45.35],
  [-82.4, 44.5],
  [-82.2, 43.8],
  [-82.415, 43.0],
  [-82.42, 42.95],
  [-82.47, 42.8],
  [-82.5, 42.6],
  [-82.6, 42.5],
  [-82.93, 42.35],
  [-82.97, 42.337],
  [-83.04, 42.324],
  [-83.075, 42.31],
  [-83.1, 42.28],
  [-83.13, 42.2],
  [-83.125, 42.1],
  [-83.13, 42.03],
  [-83.1, 41.95],
  [-82.9, 41.73],
  [-82.68, 41.67],
  [-82.4, 41.68],
  [-81.25, 42.2],
  [-80.5, 42.35],
  [-79.76, 42.54],
  [-79.1, 42.82],
  [-78.915, 42.88],
  [-78.92, 42.93],
  [-78.99, 42.98],
  [-79.05, 43.08],
  [-79.06, 43.15],
  [-79.06, 43.26],
  [-78.5, 43.6],
  [-77.6, 43.63],
  [-76.8, 43.63],
  [-76.45, 44.05],
  [-76.3, 44.1],
  [-76.15, 44.22],
  [-76.0, 44.3],
  [-75.9, 44.36],
  [-75.8, 44.42],
  [-75.68, 44.575],
  [-75.5, 44.7],
  [-75.3, 44.83],
  [-75.0, 44.96],
  [-74.75, 44.99],
  [-74.66, 45.0],
  [-71.5, 45.01],
  [-71.1, 45.3],
  [-70.8, 45.4],
  [-70.35, 45.85],
  [-70.25, 46.1],
  [-70.0, 46.7],
  [-69.22, 47.46],
  [-69.05, 47.3],
  [-68.6, 47.255],
  [-68.35, 47.36],
  [-68.2, 47.35],
  [-67.95, 47.2],
  [-67.79, 47.07],
  [-67.78, 45.94],
  [-67.77, 45.8],
  [-67.43, 45.6],
  [-67.28, 45.19],
  [-67.15, 45.15],
  [-67.05, 44.95],
  [-66.97, 44.92],
  [-66.98, 44.8],
  [-66.9, 44.6],
  [-66.5, 43.5],
  [-66.5, 40.0],
  [-125.5, 40.0],
]

const ALASKA: Ring = [
  [-142.5, 72],
  [-141.0, 72],
  [-141.0, 60.31],
  [-139.07, 60.35],
  [-137.5, 58.9],
  [-136.5, 59.2],
  [-135.95, 59.45],
  [-135.47, 59.8],
  [-135.15, 59.62],
  [-134.4, 59.2],
  [-133.5, 58.5],
  [-132.6, 57.5],
  [-131.9, 56.9],
  [-131.0, 56.3],
  [-130.1, 56.1],
  [-130.0, 56.0],
  [-130.01, 55.91],
  [-130.1, 55.7],
  [-130.3, 55.2],
  [-130.6, 54.78],
  [-131.0, 54.7],
  [-132.7, 54.67],
  [-133.5, 54.65],
  [-142.5, 54.65],
]

/** Even-odd ray casting; the rings are small enough (< 110 vertices) to scan per call. */
function inside(ring: Ring, lng: number, lat: number): boolean {
  let result = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]
    const [xj, yj] = ring[j]
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) result = !result
  }
  return result
}

/** True when the point is in the United States (within the simplified boundary above). */
export function isInUnitedStates(lat: number, lng: number): boolean {
  if (lat < 49.01 && lng < -66.4 && inside(CONTIGUOUS_US, lng, lat)) return true
  return lng < -129.9 && lat > 54.6 && inside(ALASKA, lng, lat)
}

/** Canada's bounding box (docs/decisions.md §5): the one definition of the API's coordinate bounds. */
export const CANADA_BOUNDS = { minLat: 41, maxLat: 84, minLng: -142, maxLng: -52 } as const

export const isInCanadaBounds = (lat: number, lng: number): boolean =>
  lat >= CANADA_BOUNDS.minLat && lat <= CANADA_BOUNDS.maxLat && lng >= CANADA_BOUNDS.minLng && lng <= CANADA_BOUNDS.maxLng

/** In Canada's bounding box and not in the parts of the United States inside it. */
export const isInCanada = (lat: number, lng: number): boolean => isInCanadaBounds(lat, lng) && !isInUnitedStates(lat, lng)
