// How a coordinate is named when no civic address stands at it: the nearest street and a cross street
// ("Queen Street West near Spadina Avenue"), and the municipality it lies in. Pure: the pieces come from
// the store (services/reverse-geocoder.ts), the places from the bundled gazetteer.
import { distanceM, geoStore, type Place, placeAccuracyM } from '../geodata'
import { nearestStreet, type StreetPiece } from './street-pieces'
import { streetsNear } from './streets-in-sight'

/** A point this far from every centreline is not "on" a street: half a long block plus a deep lot. */
export const STREET_NAME_M = 100
/** The cross street is the nearest other street within this distance that meets the first one. */
export const CROSS_STREET_M = 150
/** Two centrelines closer than this meet (a corner, a T, a divided road's two carriageways crossing another). */
const MEETS_M = 25

export interface PointStreets {
  /** The street's display name as its source writes it ("Queen Street West", "Rue Sherbrooke Est"). */
  street: string
  /** A street meeting it near the point, when one lies within CROSS_STREET_M. */
  cross?: string
  /** Metres from the point to the street's centreline. */
  offsetM: number
}

const keyOf = (p: StreetPiece) => `${p.nameKey}|${p.typeKey}`

/**
 * The street nearest the point (within STREET_NAME_M) and the nearest other street within CROSS_STREET_M whose
 * centreline meets it there; a parallel street one block over is not a cross street. Unnamed pieces are skipped.
 */
export function streetsOfPoint(pieces: readonly StreetPiece[], lat: number, lng: number): PointStreets | undefined {
  const named = pieces.filter((p) => p.nameKey && p.name)
  const main = nearestStreet(named, lat, lng, STREET_NAME_M)
  if (!main) return undefined
  const mainKey = keyOf(main.piece)
  const onMain = named.filter((p) => keyOf(p) === mainKey)
  const others = streetsNear(
    named.filter((p) => keyOf(p) !== mainKey),
    lat,
    lng,
    CROSS_STREET_M,
  ).streets
  for (const other of others) {
    // Where the other street passes nearest the point: does the first street pass there too?
    const at = nearestStreet(named, lat, lng, CROSS_STREET_M, (p) => keyOf(p) === other.key)
    if (at && nearestStreet(onMain, at.lat, at.lng, MEETS_M))
      return { street: main.piece.name, cross: other.label, offsetM: Math.round(main.offsetM) }
  }
  return { street: main.piece.name, offsetM: Math.round(main.offsetM) }
}

/** "Queen Street West near Spadina Avenue" (French: "près de"), or the street alone. */
export function streetsLabel(s: PointStreets, lang: 'en' | 'fr' = 'en'): string {
  if (!s.cross) return s.street
  return `${s.street} ${lang === 'fr' ? 'près de' : 'near'} ${s.cross}`
}

/**
 * The municipality a point lies in, as the gazetteer knows it: of the places (not neighbourhoods) whose
 * position-accuracy disc (placeAccuracyM) holds the point, the one with the least distance ÷ √population, so
 * a city's neighbourhood listed as a populated place ("West End", 47,200, beside downtown Vancouver) does not
 * outweigh the city, and a smaller town beside a larger one (Waterloo beside Kitchener) keeps its own points.
 */
export function placeOfPoint(lat: number, lng: number): Place | undefined {
  let best: { place: Place; score: number } | undefined
  for (const place of geoStore().places) {
    if (place.featureCode === 'PPLX' || place.population <= 0) continue
    // A cheap box test first: no disc is wider than ~60 km.
    if (Math.abs(place.lat - lat) > 0.6 || Math.abs(place.lng - lng) > 0.9) continue
    const metres = distanceM(lat, lng, place.lat, place.lng)
    if (metres > placeAccuracyM(place)) continue
    const score = metres / Math.sqrt(place.population)
    if (!best || score < best.score) best = { place, score }
  }
  return best?.place
}
