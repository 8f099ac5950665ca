// City of Toronto parks and green spaces of 1 ha or more (parks.bin, built by scripts/geodata/parks.mjs),
// and whether a point lies inside one. The boxes are decoded once per isolate, a park's rings when a
// point first falls in its box.
import parksData from '../../data/parks.bin'
import { artefactReader } from './binary'
import { METRES_PER_DEGREE, metresPerDegreeLng } from './planar'
import { Shapes } from './shapes'

const SCALE = 1e4
let parks: Shapes | undefined
const parkShapes = (): Shapes => {
  parks ??= new Shapes(artefactReader('parks', parksData), SCALE, 0.005)
  return parks
}

function inPark(lat: number, lng: number): boolean {
  const p = parkShapes()
  const qLat = lat * SCALE
  const qLng = lng * SCALE
  let found = false
  p.forEachAt(lat, lng, (i) => {
    if (found) return
    const b = i * 4
    if (qLat < p.boxes[b] || qLng < p.boxes[b + 1] || qLat > p.boxes[b + 2] || qLng > p.boxes[b + 3]) return
    found = p.contains(i, qLat, qLng)
  })
  return found
}

// Toronto's parks lie within these bounds (the data's extent).
const TORONTO = { minLat: 43.58, maxLat: 43.86, minLng: -79.64, maxLng: -79.11 }

/** The point and the four points `insideM` north, south, east and west of it all lie in a park: not at a street frontage. */
export function deepInPark(lat: number, lng: number, insideM: number): boolean {
  if (lat < TORONTO.minLat || lat > TORONTO.maxLat || lng < TORONTO.minLng || lng > TORONTO.maxLng) return false
  const dLat = insideM / METRES_PER_DEGREE
  const dLng = insideM / metresPerDegreeLng(lat)
  return inPark(lat, lng) && inPark(lat + dLat, lng) && inPark(lat - dLat, lng) && inPark(lat, lng + dLng) && inPark(lat, lng - dLng)
}
