// Civic geocoding from address points: what to ask the address store for (planAddressLookup) and
// what its answer means (resolveAddressLookup). Pure: the points come from D1 (src/services/
// address-store.ts) or from memory (the validation script). Order of the chain: exact civic number
// → interpolation between same-side neighbours → the street → an intersection → the postal area or
// city of geocodeOffline.
import { formatStreet, parseAddress, parseStreetText, type ParsedStreet } from './address'
import { fsaRadiusM, geocodeOffline, findPlace, isKnownPlaceName, placeRadiusM, type GeocodeResult } from './offline'
import type { StreetGeometry, StreetGeometrySource } from './street-geometry'
import { classOnLines, extentM, offCentreline, onLines } from './address-lines'
import { parseIntersection } from './intersection-text'
import { streetOfIntersection, type StreetData } from './street-of-intersection'
import { crossingOfLines, isAddressLine, isCornerLine } from './street-pieces'
import { cornerOf } from './corners'
import { crossingBeyondEnds } from './line-ends'
import { endOnChord } from './end-on-chord'
import { numberingOriginOf, placeFromOrigin } from './numbering-origin'
import { blockNameKeys, blockRuleOf, gridNameKeys, placedOnGrid, placeOnBlock } from './grid-numbering'
import { otherNamesOf, otherReadings } from './street-aliases'

export { parseIntersection }
export type { AddressLookup, AddressPoint, StoreAnswer } from './address-lookup-types'
export { MAX_EXTRAPOLATION_M, MAX_EXTRAPOLATION_NUMBERS, MAX_INTERPOLATION_SPAN_M } from './civic-placement'
import type { AddressLookup, StoreAnswer } from './address-lookup-types'
import {
  asTypedFirst,
  beyondKnownNumbers,
  compatible,
  candidateOrder,
  groups,
  type Located,
  onStreet,
  pointsOfStreet,
  sameKind,
  toStreet,
} from './civic-placement'
import {
  ADDRESS_LINE_CROSSING_MIN_M,
  addressLineGeometry,
  CORNER_LINE_CROSSING_MIN_M,
  crossingFrom,
  floored,
} from './intersection-crossing'
import { warning, type ScoreWarning } from '../geodata'
import { parseCivicNumber, streetKeyOf, streetsCompatible } from './street-key'
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geodata'
import { geoStore } from '../geodata'
import { distanceKm, normalizeName } from '../geodata'
import { accuracyOf } from '../geodata'

const MIN_NEAR_RADIUS_KM = 3
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
    lookup.streets = lookup.streets.map((s) => ({ ...s, alternatives: [...otherReadings(s), ...otherNamesOf(lookup.cityKey, s)] }))
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
  const block = civic && blockRuleOf(lookup.cityKey, lookup.streets[0], civic.number)
  const aliases = otherNamesOf(lookup.cityKey, lookup.streets[0])
  const streets = aliases.length ? [{ ...lookup.streets[0], alternatives: aliases }] : lookup.streets
  return { ...lookup, streets, ...(origin && { origin }), ...(block && { block }) }
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

/** Every street name the store is asked for: each street's, and its other readings ("Clanton Park", "W Broadway"). */
export function lookupNameKeys(lookup: AddressLookup): string[] {
  return [...new Set(lookup.streets.flatMap((s) => [s.nameKey, ...(s.alternatives ?? []).map((a) => a.nameKey)]))]
}

/**
 * The numbered grid's other names (Edmonton, Vancouver's avenues: grid-numbering.ts), asked of the store only when
 * the first answer did not find the place: a second query, on the few lookups that need it, instead of a bigger one
 * on all of them.
 */
export function gridPieceNameKeys(lookup: AddressLookup, first: GeocodeResult | null): string[] {
  if (first?.precision === 'address' || first?.precision === 'intersection') return []
  const asked = new Set(pieceNameKeys(lookup))
  return [...new Set(gridNameKeys(lookup.cityKey, lookup.streets, lookup.block))].filter((k) => !asked.has(k))
}

/** Every street name whose centrelines the store is asked for: the named streets', the numbering origin's, the block's ends'. */
export function pieceNameKeys(lookup: AddressLookup): string[] {
  const line = lookup.origin?.line
  const more = [...(line ? [line.nameKey] : []), ...(lookup.block ? blockNameKeys(lookup.block) : [])]
  return [...new Set([...lookupNameKeys(lookup), ...more])]
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
  const piecesPer = lookup.streets.map((street) =>
    lookup.streets.length === 1 ? asTypedFirst(street, store.pieces ?? []) : (store.pieces ?? []).filter((p) => compatible(street, p)),
  )
  // Centrelines of a network; lines through a street's own address points (the GTA hole) are not crossed as such.
  const linesPer = piecesPer.map((pieces) => pieces.filter((p) => !isAddressLine(p)))
  const addressLinesPer = piecesPer.map((pieces) => pieces.filter(isAddressLine))
  let located: Located | undefined
  let gridWarnings: ScoreWarning[] = []
  if (lookup.streets.length === 2) {
    const inside = lookup.near && (lookup.near.radiusKm * 1000) / INTERSECTION_REACH
    const around = lookup.anchor && { ...lookup.anchor, radiusM: inside }
    // A repeated name: the pieces whose type and direction are the ones typed come first ("Bow Trail SW" before "Bow Trail").
    const exact = linesPer.map((lines, i) => lines.filter((p) => sameKind(lookup.streets[i], p)))
    // A network's centrelines cross first; a line through the City's corners (a chord between them) only where they do not.
    const network = linesPer.map((lines) => lines.filter((p) => !isCornerLine(p)))
    const chords = linesPer.some((l) => l.some(isCornerLine))
    // The City's own corner of the two names first: its position is the crossing's, whatever the lines say.
    const corner = store.corners?.length ? cornerOf(lookup.streets, store.corners, compatible, around) : undefined
    const lines =
      corner ??
      (chords ? crossingOfLines(network[0], network[1], around) : null) ??
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
        endOnChord(linesPer[0], linesPer[1], lookup.anchor) ??
        crossingBeyondEnds(linesPer[0], linesPer[1], lookup.anchor, knownCorners(), { a: perStreet[0], b: perStreet[1] })
      // Edmonton's and Vancouver's numbered grid: a numbered street without a line there, placed between its neighbours.
      const onGrid = crossing ? undefined : placedOnGrid(lookup, lookup.display.place, linesPer, store.pieces ?? [])
      if (crossing) located = { ...crossing, precision: 'intersection' }
      else if (onGrid) [located, gridWarnings] = [onGrid.located, onGrid.warnings]
    }
  } else {
    const candidates = groups(perStreet[0]).map((g) => ({ g, result: onStreet(g, lookup) }))
    candidates.sort((x, y) => candidateOrder(lookup.streets[0], x, y, distanceToAnchor))
    located = candidates[0]?.result ?? onLines(linesPer[0], lookup.anchor)
    // A number past the street's known points, in a city that numbers the street from a line: placed from that line.
    const origin = lookup.origin
    if (located?.precision === 'street' && lookup.civic && origin && candidates[0]) {
      const line = origin.line
      const originLines = line ? (store.pieces ?? []).filter((p) => streetsCompatible(line, p)) : []
      const { dir } = lookup.streets[0]
      located = placeFromOrigin(lookup.civic.number, origin, dir, candidates[0].g, piecesPer[0], originLines) ?? located
    }
    // A city that numbers by blocks (Calgary, Edmonton): between the block's two numbered cross streets.
    if (located?.precision === 'street' && lookup.block)
      located = placeOnBlock(lookup.block, lookup.streets[0].dir, linesPer[0], store.pieces ?? [], lookup.anchor) ?? located
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
  return {
    ...(lookup.area ?? { address: '' }),
    address,
    ...located,
    ...streets,
    ...(gridWarnings.length ? { warnings: gridWarnings } : {}),
  } as GeocodeResult

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
