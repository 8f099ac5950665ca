// Civic geocoding from address points: what to ask the address store for (planAddressLookup) and
// what its answer means (resolveAddressLookup). Pure: the points come from D1 (src/services/
// address-store.ts) or from memory (the validation script). Order of the chain: exact civic number
// → interpolation between same-side neighbours → the street → an intersection → the postal area or
// city of geocodeOffline.
import { formatStreet, parseAddress, parseStreetText, type ParsedStreet } from './address'
import { fsaRadiusM, geocodeOffline, findPlace, isKnownPlaceName, placeRadiusM, type GeocodeResult } from './offline'
import {
  crossingOf,
  crossingOfLineAndPoints,
  crossingOfPointAxes,
  type Crossing,
  type StreetGeometry,
  type StreetGeometrySource,
} from './street-geometry'
import { classOnLines, extentM, offCentreline, onLines } from './address-lines'
import { parseIntersection } from './intersection-text'
import { streetOfIntersection, type StreetData } from './street-of-intersection'
import { crossingOfLines, isAddressLine, isCornerLine, type StreetPiece } from './street-pieces'
import { cornerOf, type Corner } from './corners'
import { crossingBeyondEnds } from './line-ends'
import { numberingOriginOf, placeFromOrigin, type NumberingOrigin } from './numbering-origin'

export { parseIntersection }
import { warning } from '../geodata'
import { parseCivicNumber, streetKeyOf, streetsCompatible, typeKeyOf, type StreetKey } from './street-key'
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geodata'
import { geoStore } from '../geodata'
import { distanceKm, normalizeName } from '../geodata'
import { accuracyOf, type AccuracyTerm } from '../geodata'

export interface AddressPoint extends StreetKey {
  cityKey: string
  number: number
  suffix: string
  lat: number
  lng: number
}

/** What the store answered: the named streets' points, and whether it has any address of the city written. */
export interface StoreAnswer {
  points: AddressPoint[]
  cityInStore: boolean
  /** Street centrelines of the named streets near the place (geodata store). */
  pieces?: StreetPiece[]
  /** Whether the store has any street centreline around the place: a street it lacks there is unknown. */
  streetsInArea?: boolean
  /** The Cities' named corners of the typed streets near the place (an intersection's gazetteer, corners.ts). */
  corners?: Corner[]
}

export interface AddressLookup {
  /** One street (civic or street-only) or two (an intersection). */
  streets: (StreetKey & { display: ParsedStreet; alternatives?: StreetKey[] })[]
  civic?: { number: number; suffix: string }
  /** normalizeName(city as written): matches the store's municipality. */
  cityKey?: string
  /** Points here also count when the city was written as a community ("Elmira") the store files under its township. */
  near?: { lat: number; lng: number; radiusKm: number }
  /** Street-only results take the street's point nearest this: the postal area, else the city. */
  anchor?: { lat: number; lng: number }
  /** The postal-area or city result: the fallback, and the display fields of every result. */
  area: GeocodeResult | null
  /** Display address parts: the street as written and the resolved place ("Waterloo, ON"). */
  display: { street: string; place: string }
  /** How the city numbers this street (from Yonge St for "Dundas St W, Toronto"): the line's pieces are asked for too. */
  origin?: NumberingOrigin
}

/**
 * Interpolate only between same-side neighbours at most this far apart. Past LONG_SPAN_M (sparse OSM
 * streets: Toronto, Mississauga, Hamilton) the result is still better than a point somewhere on the street,
 * and its radius has a calibration of its own (src/geo/accuracy.ts `interpolatedLong`).
 */
export const MAX_INTERPOLATION_SPAN_M = 8000
const LONG_SPAN_M = 2000
/** Past the last known civic number of a side: at most this many numbers further, and this many metres. */
export const MAX_EXTRAPOLATION_NUMBERS = 20
export const MAX_EXTRAPOLATION_M = 100
const MIN_NEAR_RADIUS_KM = 3
/** Types that are never the last word of a street's name; others ("Park", "Hill", "Ridge", "Gate") may be. */
const STREET_TYPES = new Set('st ave rd blvd dr cres crt pl hwy pkwy expy lane trail terr'.split(' '))
/** Intersections search this many times the place's radius; crossings within the radius itself are preferred. */
const INTERSECTION_REACH = 2

/** What to look up in the address store for this text; undefined when it names no street. */
export function planAddressLookup(text: string): AddressLookup | undefined {
  if (typeof text !== 'string' || !text.trim()) return undefined
  const crossing = parseIntersection(text)
  if (crossing) {
    const place = parseAddress(crossing.rest || '', isKnownPlaceName)
    const streets = [crossing.a, crossing.b].map((s) => parseStreetText(s)).filter((s): s is ParsedStreet => !!s?.name)
    if (streets.length !== 2 || (!place.city && !place.fsa)) return undefined
    const lookup = locate(streets, undefined, place.city, place.province, place.fsa, crossing.rest, streets.map(formatStreet).join(' & '))
    lookup.streets = lookup.streets.map((s) => ({ ...s, alternatives: otherReadings(s) }))
    // Two names that must meet are rare enough to search the whole municipality (Ottawa runs 40 km from its centre).
    return lookup.near ? { ...lookup, near: { ...lookup.near, radiusKm: lookup.near.radiusKm * INTERSECTION_REACH } } : lookup
  }
  const parsed = parseAddress(text, isKnownPlaceName)
  if (!parsed.street?.name || (!parsed.city && !parsed.fsa) || parsed.poBox) return undefined
  const civic = parseCivicNumber(parsed.civicNumber)
  const streetText = [
    parsed.unit && parsed.civicNumber ? `${parsed.unit}-${parsed.civicNumber}` : parsed.civicNumber,
    formatStreet(parsed.street),
  ]
    .filter(Boolean)
    .join(' ')
  const lookup = locate([parsed.street], civic, parsed.city, parsed.province, parsed.fsa, text, streetText)
  const origin = civic && numberingOriginOf(lookup.cityKey, lookup.streets[0])
  return origin ? { ...lookup, origin } : lookup
}

function locate(
  streets: ParsedStreet[],
  civic: AddressLookup['civic'],
  city: string | undefined,
  province: string | undefined,
  fsaCode: string | undefined,
  areaText: string,
  streetText: string,
): AddressLookup {
  const area = geocodeOffline(areaText)
  const place = city ? findPlace(city, province) : undefined
  const fsa = fsaCode ? geoStore().fsaByCode.get(fsaCode) : undefined
  const near = place
    ? { lat: place.lat, lng: place.lng, radiusKm: Math.max(MIN_NEAR_RADIUS_KM, placeRadiusM(place) / 1000) }
    : fsa
      ? { lat: fsa.lat, lng: fsa.lng, radiusKm: Math.max(MIN_NEAR_RADIUS_KM, fsaRadiusM(fsa) / 1000) }
      : undefined
  const anchor = fsa && !fsa.rural ? { lat: fsa.lat, lng: fsa.lng } : near
  // geocodeOffline's display address starts with the street when it parsed one.
  const placeText = area
    ? area.street
      ? area.address.replace(/^[^,]*,\s*/, '')
      : area.address
    : [city, province].filter(Boolean).join(', ')
  return {
    streets: streets.map((s) => ({ ...streetKeyOf(s), display: s })),
    ...(civic && { civic }),
    ...(city && { cityKey: normalizeName(city) }),
    ...(near && { near }),
    ...(anchor && { anchor }),
    area,
    display: { street: streetText, place: placeText },
  }
}

/**
 * Other ways the store may key a street typed in an intersection: a leading direction spelled out ("West
 * Georgia Street": W Georgia St), "Clanton Park", "Silas Hill" (a type word that may end the name: Clanton
 * Park Rd), and a bare name that a city files with a leading direction
 * ("Broadway": Vancouver's "W Broadway" and "E Broadway").
 */
function otherReadings(s: StreetKey & { display: ParsedStreet }): StreetKey[] {
  // "West Georgia Street", "East 12th Avenue": the City's W Georgia St and E 12th Av.
  const lead = /^(east|west|north|south) (.+)$/.exec(s.nameKey)
  if (lead && !s.dir) return [{ nameKey: lead[2], typeKey: s.typeKey, dir: lead[1][0].toUpperCase() }]
  const type = s.display.type && !s.display.typeFirst ? typeKeyOf(s.display.type) : ''
  if (type && !STREET_TYPES.has(type)) return [{ nameKey: normalizeName(`${s.display.name} ${s.display.type}`), typeKey: '', dir: s.dir }]
  if (type || s.dir || s.display.type) return []
  const directions = ['n', 's', 'e', 'w'].map((d) => ({ nameKey: `${d} ${s.nameKey}`, typeKey: '', dir: '' }))
  // "Côte-des-Neiges", "Parc": a French street written without its type drops the article the key keeps
  // (Chemin de la Côte-des-Neiges: "de la cote des neiges"; Avenue du Parc: "du parc").
  if (FRENCH_ARTICLE.test(s.nameKey)) return directions
  return [...directions, ...FRENCH_ARTICLES.map((a) => ({ nameKey: `${a} ${s.nameKey}`, typeKey: '', dir: '' }))]
}
const FRENCH_ARTICLES = ['de la', 'de l', 'du', 'des', 'de']
const FRENCH_ARTICLE = /^(?:de la|de l|du|des|de|la|le|les) /

/** Every street name the store is asked for: each street's, and its other readings ("Clanton Park", "W Broadway"). */
export function lookupNameKeys(lookup: AddressLookup): string[] {
  return [...new Set(lookup.streets.flatMap((s) => [s.nameKey, ...(s.alternatives ?? []).map((a) => a.nameKey)]))]
}

/** Every street name whose centrelines the store is asked for: the named streets' and the numbering origin's. */
export function pieceNameKeys(lookup: AddressLookup): string[] {
  const keys = lookupNameKeys(lookup)
  const line = lookup.origin?.line
  return line && !keys.includes(line.nameKey) ? [...keys, line.nameKey] : keys
}

/** Bounding box of `near` in the store's 1e-5-degree integers: [minLat, maxLat, minLng, maxLng]. */
export function nearBoxE5(near: NonNullable<AddressLookup['near']>): [number, number, number, number] {
  const dLat = (near.radiusKm * 1000) / METRES_PER_DEGREE_LAT
  const dLng = (near.radiusKm * 1000) / metresPerDegreeLng(near.lat)
  return [
    Math.floor((near.lat - dLat) * 1e5),
    Math.ceil((near.lat + dLat) * 1e5),
    Math.floor((near.lng - dLng) * 1e5),
    Math.ceil((near.lng + dLng) * 1e5),
  ]
}

type Located = Pick<GeocodeResult, 'lat' | 'lng' | 'precision' | 'accuracyM'>
const RANK: Record<string, number> = { address: 0, interpolated: 1, street: 2 }

/**
 * The best result the points allow, or `lookup.area` (postal area / city) when they name no
 * compatible street there. `geometrySources` add road centrelines to intersection lookups.
 */
export function resolveAddressLookup(
  lookup: AddressLookup,
  store: StoreAnswer,
  geometrySources: StreetGeometrySource[] = [],
): GeocodeResult | null {
  const perStreet = lookup.streets.map((street) => pointsOfStreet(lookup, street, store))
  const piecesPer = lookup.streets.map((street) => (store.pieces ?? []).filter((p) => compatible(street, p)))
  // Centrelines of a network; lines through a street's own address points (the GTA hole) are not crossed as such.
  const linesPer = piecesPer.map((pieces) => pieces.filter((p) => !isAddressLine(p)))
  const addressLinesPer = piecesPer.map((pieces) => pieces.filter(isAddressLine))
  let located: Located | undefined
  if (lookup.streets.length === 2) {
    const inside = lookup.near && (lookup.near.radiusKm * 1000) / INTERSECTION_REACH
    const around = lookup.anchor && { ...lookup.anchor, radiusM: inside }
    // A repeated name: the pieces whose type and direction are the ones typed come first ("Bow Trail SW" before "Bow Trail").
    const exact = linesPer.map((lines, i) => lines.filter((p) => sameKind(lookup.streets[i], p)))
    // A network's centrelines cross first; a line through the City's corners (a chord between them) only where they do not.
    const network = linesPer.map((lines) => lines.filter((p) => !isCornerLine(p)))
    const chords = linesPer.some((l) => l.some(isCornerLine))
    const onNetwork = chords ? crossingOfLines(network[0], network[1], around) : null
    // The City's own corner of the two names first: its position is the crossing's, whatever the lines say.
    const corner = store.corners?.length ? cornerOf(lookup.streets, store.corners, compatible, around) : undefined
    const lines =
      corner ??
      onNetwork ??
      floored(
        (exact[0].length && exact[1].length ? crossingOfLines(exact[0], exact[1], around) : null) ??
          crossingOfLines(linesPer[0], linesPer[1], around),
        chords ? CORNER_LINE_CROSSING_MIN_M : 0,
      )
    if (lines) located = { ...lines, precision: 'intersection' }
    else {
      const geometry = perStreet.map((pts, i) => [
        ...groups(pts).map((g, j): StreetGeometry => ({ id: `points:${j}`, kind: 'points', coords: g.map((p) => [p.lng, p.lat]) })),
        ...linesPer[i].map((p, j): StreetGeometry => ({ id: `piece:${j}`, kind: 'line', coords: p.coords })),
        ...(lookup.near ? geometrySources.flatMap((s) => s.streetsNamed(lookup.streets[i].nameKey, lookup.near!)) : []),
      ])
      // Address lines only where points and centrelines found nothing: they bridge gaps between lots, and
      // stand as far off the roadway as the lots do (ADDRESS_LINE_CROSSING_MIN_M).
      const withLines = geometry.map((g, i) => (addressLinesPer[i].length ? [...g, addressLineGeometry(addressLinesPer[i])] : g))
      const crossing =
        crossingFrom(geometry) ??
        (addressLinesPer.some((l) => l.length) ? floored(crossingFrom(withLines), ADDRESS_LINE_CROSSING_MIN_M) : null) ??
        crossingBeyondEnds(linesPer[0], linesPer[1], lookup.anchor, knownCorners(), { a: perStreet[0], b: perStreet[1] })
      if (crossing) located = { ...crossing, precision: 'intersection' }
    }
  } else {
    const candidates = groups(perStreet[0]).map((g) => ({ g, result: onStreet(g, lookup), exactness: exactness(lookup.streets[0], g[0]) }))
    candidates.sort(
      (x, y) =>
        RANK[x.result.precision] - RANK[y.result.precision] ||
        y.exactness - x.exactness ||
        distanceToAnchor(x.result) - distanceToAnchor(y.result),
    )
    located = candidates[0]?.result ?? onLines(linesPer[0], lookup.anchor)
    // A number past the street's known points, in a city that numbers the street from a line: placed from that line.
    const origin = lookup.origin
    if (located?.precision === 'street' && lookup.civic && origin && candidates[0]) {
      const line = origin.line
      const originLines = line ? (store.pieces ?? []).filter((p) => streetsCompatible(line, p)) : []
      const { dir } = lookup.streets[0]
      located = placeFromOrigin(lookup.civic.number, origin, dir, candidates[0].g, piecesPer[0], originLines) ?? located
    }
    // Only the street is known: the place may be anywhere on a street of that name there (every group, every centreline).
    if (located?.precision === 'street') {
      const points = perStreet[0].map((p): [number, number] => [p.lng, p.lat])
      // A street known only by a few address points may run well past them: its own calibration (a larger floor).
      const far = Math.max(extentM(linesPer[0], located), extentM([{ coords: points }], located))
      const detail = lookup.civic && beyondKnownNumbers(perStreet[0], lookup.civic.number)
      located = { ...located, accuracyM: accuracyOf(linesPer[0].length ? 'street' : 'streetPointsOnly', far, detail || undefined) }
    }
    if (located?.precision === 'interpolated' && lookup.civic)
      located = offCentreline(located, lookup.civic.number, perStreet[0], linesPer[0])
  }
  // An intersection that cannot be placed, one of whose streets is known there: that street, never the city.
  const oneOfTwo = !located && lookup.streets.length === 2 ? fallbackStreet() : undefined
  if (oneOfTwo) {
    const street = { ...toStreet(lookup.streets[oneOfTwo.index].display), ...classOnLines([piecesPer[oneOfTwo.index]], oneOfTwo.located) }
    const address = [lookup.display.street, lookup.display.place].filter(Boolean).join(', ')
    const warnings = [...(lookup.area?.warnings ?? []), ...oneOfTwo.warnings]
    return { ...(lookup.area ?? { address: '' }), address, ...oneOfTwo.located, street, warnings } as GeocodeResult
  }
  const streets =
    lookup.streets.length === 1
      ? { street: { ...toStreet(lookup.streets[0].display), ...(located && classOnLines(piecesPer, located)) } }
      : {
          street: {
            name: lookup.streets.map((s) => formatStreet(s.display)).join(' & '),
            ...(located && classOnLines(piecesPer, located)),
          },
        }
  const address = [lookup.display.street, lookup.display.place].filter(Boolean).join(', ')
  if (!located) {
    // A street the store does not have where it knows the place: say so, never guess a position on it.
    const unknown = lookup.streets.filter((_, i) => !perStreet[i].length && !linesPer[i].length)
    const notFound =
      unknown.length && (store.cityInStore || store.streetsInArea) && lookup.area
        ? [
            warning(
              'STREET_NOT_FOUND',
              `${unknown.map((s) => `"${formatStreet(s.display)}"`).join(' and ')} not found in ` +
                `${lookup.display.place || 'the address data'}; located at the area instead`,
            ),
          ]
        : []
    // An intersection that cannot be placed stays at the area position but keeps its streets: the
    // busier of the two still sets road class (the area's own lookup only saw the place name).
    const area = lookup.area && lookup.streets.length === 2 && !notFound.length ? { ...lookup.area, address, ...streets } : lookup.area
    return area && notFound.length ? { ...area, warnings: [...(area.warnings ?? []), ...notFound] } : area
  }
  return { ...(lookup.area ?? { address: '' }), address, ...located, ...streets } as GeocodeResult

  /** The City's listed corners of each typed street (with any other street): where an unlisted crossing cannot be. */
  function knownCorners() {
    const of = (i: number) => (store.corners ?? []).filter((c) => compatible(lookup.streets[i], c.a) || compatible(lookup.streets[i], c.b))
    return { a: of(0), b: of(1) }
  }

  function fallbackStreet() {
    const data = lookup.streets.map(
      (s, i): StreetData => ({ text: formatStreet(s.display), points: perStreet[i], lines: linesPer[i], addressLines: addressLinesPer[i] }),
    )
    const street = streetOfIntersection([data[0], data[1]], lookup.anchor, lookup.display.place)
    // A street that runs as far as the place does (Yonge St across Toronto) says no more than the area.
    return street && (!lookup.area || street.located.accuracyM < lookup.area.accuracyM) ? street : undefined
  }

  function distanceToAnchor(p: Located) {
    return lookup.anchor ? distanceKm(p.lat, p.lng, lookup.anchor.lat, lookup.anchor.lng) : 0
  }
}

/** Where the streets' geometry crosses: one centreline and the other's points (its axis carried), else points and lines. */
function crossingFrom(geometry: StreetGeometry[][]): Crossing | null {
  // One centreline and the other street's points: the centreline is exact, so the points' axis is crossed with it.
  const hasLine = geometry.map((g) => g.some((x) => x.kind === 'line'))
  return hasLine[0] !== hasLine[1]
    ? (nearestApproach(geometry) ?? crossingOf(geometry[0], geometry[1]))
    : (crossingOf(geometry[0], geometry[1]) ?? nearestApproach(geometry))
}

/**
 * accuracyM of a crossing found only through an address line: its lots, and so the line, stand off the
 * roadway; on GTA main roads that have a centreline, 90 % of a line's vertices lie within 116 m of it
 * outside Toronto (the calibration split; Toronto, the check: 105 m; `npm run validate:intersections`),
 * rounded up. Measured, not fitted to the hole row.
 */
const ADDRESS_LINE_CROSSING_MIN_M = 120
/**
 * accuracyM of a crossing on a line through the City's corners (scripts/lib/city-corners.ts): a chord between
 * corners up to 850 m apart strays from a road bending by 10° by up to ~37 m, and the City's position of a
 * corner stands anywhere in a crossing 25–40 m across (CORNER_ACCURACY_M). A prior, not fitted.
 */
const CORNER_LINE_CROSSING_MIN_M = 60
const floored = (c: Crossing | null, minM: number): Crossing | null => c && { ...c, accuracyM: Math.max(c.accuracyM, minM) }

/**
 * One street's centreline and the other's address points, the points' axis carried to the line (the GTA hole);
 * else two streets' address points that stop short of each other, their axes crossed.
 */
function nearestApproach(geometry: StreetGeometry[][]): Crossing | null {
  let best: Crossing | null = null
  for (const [l, p] of [
    [0, 1],
    [1, 0],
  ]) {
    const lines = geometry[l].filter((g) => g.kind === 'line')
    if (!lines.length) continue
    for (const group of geometry[p].filter((g) => g.kind === 'points')) {
      const c = crossingOfLineAndPoints(lines, [group])
      if (c && (!best || c.accuracyM < best.accuracyM)) best = c
    }
  }
  if (best) return best
  for (const ga of geometry[0].filter((g) => g.kind === 'points'))
    for (const gb of geometry[1].filter((g) => g.kind === 'points')) {
      const c = crossingOfPointAxes([ga], [gb])
      if (c && (!best || c.accuracyM < best.accuracyM)) best = c
    }
  return best
}

/** Vertices of the street's address lines no farther apart than this, read as one group of address points. */
const ADDRESS_LINE_STEP_M = 25

/**
 * A street's address lines as one group of points along them (densified): the line bridges gaps of up to
 * 600 m between its lots, and the points' crossing rules (and their calibrated radius) apply.
 */
function addressLineGeometry(pieces: StreetPiece[]): StreetGeometry {
  const coords: [number, number][] = []
  for (const p of pieces)
    for (let i = 0; i < p.coords.length; i++) {
      const [lng, lat] = p.coords[i]
      if (i > 0) {
        const [lng0, lat0] = p.coords[i - 1]
        const steps = Math.ceil((distanceKm(lat0, lng0, lat, lng) * 1000) / ADDRESS_LINE_STEP_M)
        for (let k = 1; k < steps; k++) coords.push([lng0 + ((lng - lng0) * k) / steps, lat0 + ((lat - lat0) * k) / steps])
      }
      coords.push([lng, lat])
    }
  return { id: 'address-lines', kind: 'points', coords }
}

/**
 * Points of a compatible street in the city written. Near the place or postal area only when the
 * store has no address of that city (a community filed under its township, or no city written):
 * a street missing from a city the store knows is not taken from the neighbouring one.
 */
function pointsOfStreet(lookup: AddressLookup, street: AddressLookup['streets'][number], store: StoreAnswer): AddressPoint[] {
  const same = store.points.filter((p) => compatible(street, p))
  const inCity = lookup.cityKey ? same.filter((p) => p.cityKey === lookup.cityKey) : []
  if (inCity.length || (lookup.cityKey && store.cityInStore)) return inCity
  const near = lookup.near
  return near ? same.filter((p) => distanceKm(p.lat, p.lng, near.lat, near.lng) <= near.radiusKm) : []
}

/** A stored street that can be the one typed, or one of its other readings. */
function compatible(street: AddressLookup['streets'][number], stored: StreetKey): boolean {
  return streetsCompatible(street, stored) || !!street.alternatives?.some((a) => streetsCompatible(a, stored))
}

/** Whether a stored piece has the type and direction typed (where typed): the street meant when a name repeats. */
function sameKind(street: AddressLookup['streets'][number], stored: StreetKey): boolean {
  if (street.alternatives?.some((a) => a.nameKey === stored.nameKey)) return true
  return (!street.typeKey || street.typeKey === stored.typeKey) && (!street.dir || street.dir === stored.dir)
}

/** One group per distinct stored street (type, direction, municipality). */
function groups(points: AddressPoint[]): AddressPoint[][] {
  const byKey = new Map<string, AddressPoint[]>()
  for (const p of points) {
    const key = `${p.typeKey}|${p.dir}|${p.cityKey}`
    const list = byKey.get(key)
    if (list) list.push(p)
    else byKey.set(key, [p])
  }
  return [...byKey.values()]
}

function exactness(wanted: StreetKey, stored: StreetKey): number {
  return Number(wanted.typeKey === stored.typeKey) + Number(wanted.dir === stored.dir)
}

function onStreet(street: AddressPoint[], lookup: AddressLookup): Located {
  const civic = lookup.civic
  if (civic) {
    const same = street.filter((p) => p.number === civic.number)
    const exact = same.filter((p) => p.suffix === civic.suffix)
    const hit = exact.length ? exact : same
    // The number matched but not its suffix (43 for 43A): another lot of that number, often next door.
    if (hit.length) return centre(hit, 'address', exact.length ? 'address' : 'addressNumberOnly')
    const between = interpolate(street, civic.number) ?? acrossStreet(street, civic.number)
    if (between) return between
  }
  return streetPoint(street, lookup.anchor)
}

function centre(points: AddressPoint[], precision: 'address', term: AccuracyTerm): Located {
  const lat = points.reduce((s, p) => s + p.lat, 0) / points.length
  const lng = points.reduce((s, p) => s + p.lng, 0) / points.length
  const spread = Math.max(...points.map((p) => distanceKm(lat, lng, p.lat, p.lng) * 1000))
  return { lat: round6(lat), lng: round6(lng), precision, accuracyM: accuracyOf(term, spread) }
}

/**
 * Between the nearest lower and higher civic numbers of the same parity when they are at most
 * MAX_INTERPOLATION_SPAN_M apart; past the last known number of that side only within
 * MAX_EXTRAPOLATION_NUMBERS and MAX_EXTRAPOLATION_M (a new lot at the end of a street), never further.
 */
function interpolate(street: AddressPoint[], n: number): Located | undefined {
  const side = street.filter((p) => p.number % 2 === n % 2)
  let lo: AddressPoint | undefined
  let hi: AddressPoint | undefined
  for (const p of side) {
    if (p.number < n && (!lo || p.number > lo.number)) lo = p
    if (p.number > n && (!hi || p.number < hi.number)) hi = p
  }
  if (lo && hi) return between(lo, hi, n, (spanM) => (spanM > LONG_SPAN_M ? 'interpolatedLong' : 'interpolated'))
  const last = lo ?? hi
  if (!last || Math.abs(n - last.number) > MAX_EXTRAPOLATION_NUMBERS) return undefined
  // Continue the line from the next known number on that side through the last one.
  const inward = side
    .filter((p) => p !== last && (lo ? p.number < last.number : p.number > last.number))
    .reduce<AddressPoint | undefined>(
      (a, p) => (!a || Math.abs(p.number - last.number) < Math.abs(a.number - last.number) ? p : a),
      undefined,
    )
  if (!inward || metres(inward, last) === 0)
    return { lat: last.lat, lng: last.lng, precision: 'interpolated', accuracyM: accuracyOf('extrapolated', MAX_EXTRAPOLATION_M) }
  const perNumber = metres(inward, last) / Math.abs(last.number - inward.number)
  const stepM = perNumber * Math.abs(n - last.number)
  if (stepM > MAX_EXTRAPOLATION_M) return undefined
  const k = stepM / metres(inward, last)
  return {
    lat: round6(last.lat + k * (last.lat - inward.lat)),
    lng: round6(last.lng + k * (last.lng - inward.lng)),
    precision: 'interpolated',
    accuracyM: accuracyOf('extrapolated', stepM, { spanM: metres(inward, last), numberGap: Math.abs(last.number - inward.number) }),
  }
}

/**
 * No same-side neighbours on both sides (sparse OSM streets often map one side only): between the nearest
 * lower and higher numbers of either side, with a radius calibrated for that (`interpolatedAcross`).
 */
function acrossStreet(street: AddressPoint[], n: number): Located | undefined {
  let lo: AddressPoint | undefined
  let hi: AddressPoint | undefined
  for (const p of street) {
    if (p.number < n && (!lo || p.number > lo.number)) lo = p
    if (p.number > n && (!hi || p.number < hi.number)) hi = p
  }
  return lo && hi ? between(lo, hi, n, () => 'interpolatedAcross') : undefined
}

/** Number n placed along the line from lo to hi in proportion to the numbers; none past the longest span. */
function between(lo: AddressPoint, hi: AddressPoint, n: number, term: (spanM: number) => AccuracyTerm): Located | undefined {
  const spanM = metres(lo, hi)
  if (spanM > MAX_INTERPOLATION_SPAN_M) return undefined
  const t = (n - lo.number) / (hi.number - lo.number)
  return {
    lat: round6(lo.lat + t * (hi.lat - lo.lat)),
    lng: round6(lo.lng + t * (hi.lng - lo.lng)),
    precision: 'interpolated',
    accuracyM: accuracyOf(term(spanM), spanM * Math.min(t, 1 - t), { spanM, numberGap: hi.number - lo.number }),
  }
}

/** How far past the street's known numbers a civic number lies, at the street's metres per number (its extreme points). */
function beyondKnownNumbers(points: AddressPoint[], n: number): { beyondM: number } | undefined {
  if (points.length < 2) return undefined
  const [low, high] = points.reduce<[AddressPoint, AddressPoint]>(
    ([lo, hi], p) => [p.number < lo.number ? p : lo, p.number > hi.number ? p : hi],
    [points[0], points[0]],
  )
  if (high.number === low.number) return undefined
  const past = Math.min(...points.map((p) => Math.abs(p.number - n)))
  return { beyondM: (past * metres(low, high)) / (high.number - low.number) }
}

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a.lat, a.lng, b.lat, b.lng) * 1000

/** The street's point nearest the anchor; the radius is the street's extent from there. */
function streetPoint(street: AddressPoint[], anchor: AddressLookup['anchor']): Located {
  const dist = (p: AddressPoint, q: { lat: number; lng: number }) => distanceKm(p.lat, p.lng, q.lat, q.lng)
  const best = anchor ? street.reduce((a, b) => (dist(b, anchor) < dist(a, anchor) ? b : a)) : street[0]
  const extentM = Math.max(...street.map((p) => dist(p, best) * 1000))
  return { lat: best.lat, lng: best.lng, precision: 'street', accuracyM: Math.round(Math.max(50, extentM)) }
}

function toStreet(street: ParsedStreet): { name: string; type?: string } {
  return street.type ? { name: street.name, type: street.type } : { name: street.name }
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6
