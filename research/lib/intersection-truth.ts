// Truth sets for typed intersections (npm run build:intersection-truth, validate:intersections).
// Two kinds, kept apart in every report:
//  - independent: the City of Vancouver's counted intersections (names as the City writes them, the City's
//    own points) and Edmonton's count sites ("road & cross street", the count point beside the crossing);
//  - from the store's own geometry: pairs of named centrelines that share a vertex (GTA, Ottawa, Montréal,
//    Calgary), hash-sampled before any tuning and typed in the forms users write. The truth is the shared
//    vertex, so these check parsing, matching and the choice between candidates, not the geometry.
// Pure; the CLIs read the files.
import polyline from '@mapbox/polyline'
import { parseStreetText } from '../../src/geo/geocode/address'
import { planAddressLookup, resolveAddressLookup, type AddressLookup, type StoreAnswer } from '../../src/geo/geocode/address-lookup'
import type { GeocodeResult } from '../../src/geo/geocode'
import { TRAILING_TYPES } from '../../src/geo/geodata/street-types'
import { streetKeyOfText, type StreetKey } from '../../src/geo/geocode/street-key'
import { distanceKm } from '../../src/geo/geodata/text'
import { hash } from '../../scripts/lib/geodata-store-build'
import { decodePiece, type StreetPiece } from '../../src/geo/geocode/street-pieces'
import { ADDRESS_LINE_SOURCE, addressLines } from '../../scripts/lib/address-line'
import { pieceRows } from '../../scripts/lib/geodata-store-streets'

export interface TruthRow {
  set: string
  /** City as typed and as reported (one group per set and city). */
  city: string
  province: string
  /** The text given to the geocoder. */
  typed: string
  /** Which typed form (e.g. `abbrev-amp`, `bare-and`, `coin`, `as-written`). */
  form: string
  /** Every true position of the crossing (the vertices of a divided road's crossing); error = distance to the nearest. */
  points: [lat: number, lng: number][]
}

export const TRUTH_COLUMNS = ['set', 'city', 'province', 'typed', 'form', 'points'] as const
export const truthLine = (r: TruthRow) =>
  [r.set, r.city, r.province, r.typed, r.form, r.points.map(([a, b]) => `${a.toFixed(6)} ${b.toFixed(6)}`).join(';')].join('\t')
export function truthOf(fields: string[]): TruthRow {
  const [set, city, province, typed, form, points] = fields
  return { set, city, province, typed, form, points: points.split(';').map((p) => p.split(' ').map(Number) as [number, number]) }
}

const metres = (a: [number, number], b: [number, number]) => distanceKm(a[0], a[1], b[0], b[1]) * 1000
/** Vertices of one pair further apart than this are two crossings (a crescent meeting a street twice). */
const ONE_CROSSING_M = 150

interface Named extends StreetKey {
  name: string
}
const fullKey = (s: StreetKey) => `${s.nameKey}|${s.typeKey}|${s.dir}`

/** Street artefact rows ([nameKey, typeKey, dir, name, roadClass, cell, …, line]) → crossings: pair key → its shared vertices. */
export function sharedVertices(rows: string[][]): { streets: Map<string, Named>; pairs: Map<string, [number, number][]> } {
  const streets = new Map<string, Named>()
  const atVertex = new Map<string, Set<string>>()
  for (const [nameKey, typeKey, dir, name, roadClass, , , , , , line] of rows) {
    // Freeways cross nothing at grade; their ramps are not typed as streets.
    if (Number(roadClass) >= 6 * 10 || /\b(?:ramp|bretelle)\b/i.test(name)) continue
    const key = fullKey({ nameKey, typeKey, dir })
    if (!streets.has(key)) streets.set(key, { nameKey, typeKey, dir, name })
    for (const [lat, lng] of polyline.decode(line, 5)) {
      const v = `${lat.toFixed(5)},${lng.toFixed(5)}`
      const set = atVertex.get(v) ?? new Set<string>()
      set.add(key)
      atVertex.set(v, set)
    }
  }
  const pairs = new Map<string, [number, number][]>()
  for (const [v, keys] of atVertex) {
    if (keys.size < 2) continue
    const list = [...keys].sort()
    const at = v.split(',').map(Number) as [number, number]
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        if (streets.get(list[i])!.nameKey === streets.get(list[j])!.nameKey) continue
        const k = `${list[i]}&${list[j]}`
        pairs.set(k, [...(pairs.get(k) ?? []), at])
      }
  }
  return { streets, pairs }
}

const oneCrossing = (points: [number, number][]) => points.length <= 6 && points.every((p) => metres(p, points[0]) <= ONE_CROSSING_M)

// How people abbreviate the types and directions OSM spells out.
const DIRECTION_ABBREV: Record<string, string> = { north: 'N', south: 'S', east: 'E', west: 'W', est: 'E', ouest: 'O', nord: 'N', sud: 'S' }
function abbreviated(name: string): string {
  const parsed = parseStreetText(name)
  if (!parsed?.type || parsed.typeFirst) return name.replace(/\b(Est|Ouest|Nord|Sud)$/, (d) => DIRECTION_ABBREV[d.toLowerCase()])
  const type = TRAILING_TYPES[parsed.type.toLowerCase().replace(/\./g, '')]?.canonical ?? parsed.type
  const dir = parsed.direction ? ` ${DIRECTION_ABBREV[parsed.direction.toLowerCase()] ?? parsed.direction}` : ''
  return `${parsed.name} ${type}${dir}`
}
const bareName = (name: string) => parseStreetText(name)?.name ?? name

type Form = { id: string; text: (a: string, b: string, city: string, prov: string) => string; bare?: boolean; french?: boolean }
/** The typed forms of a pair; `bare` forms drop types and directions, so they are used only where the bare names meet once. */
export const FORMS: Form[] = [
  { id: 'abbrev-amp', text: (a, b, c, p) => `${abbreviated(a)} & ${abbreviated(b)}, ${c}, ${p}` },
  { id: 'full-and', text: (a, b, c) => `${a} and ${b}, ${c}` },
  { id: 'abbrev-at', text: (a, b, c, p) => `${abbreviated(a)} at ${abbreviated(b)}, ${c} ${p}` },
  { id: 'lower-slash', text: (a, b, c) => `${abbreviated(a)} / ${abbreviated(b)}, ${c}`.toLowerCase() },
  { id: 'bare-and', text: (a, b, c) => `${bareName(a)} and ${bareName(b)}, ${c}`, bare: true },
  { id: 'bare-amp-nocomma', text: (a, b, c) => `${bareName(a)} & ${bareName(b)} ${c}`, bare: true },
  { id: 'coin', text: (a, b, c) => `coin ${bareName(a)} et ${bareName(b)}, ${c}`, bare: true, french: true },
  { id: 'coin-full', text: (a, b, c) => `coin ${a} et ${b}, ${c}`, french: true },
]

export interface SampleOptions {
  set: string
  province: string
  /** City of a crossing (e.g. the nearest address point's municipality); undefined drops it. */
  cityOf: (lat: number, lng: number) => string | undefined
  /** How many per city (cities not listed are not sampled). */
  quota: Record<string, number>
  french?: boolean
}

/**
 * Pairs of differently named streets that share a vertex and meet at one place only, in hash order
 * (independent of any code under test), each typed in one form chosen by hash.
 */
export function sampleTypedCrossings(rows: string[][], options: SampleOptions): TruthRow[] {
  const { streets, pairs } = sharedVertices(rows)
  const byBodies = new Map<string, [number, number][]>()
  for (const [k, pts] of pairs) {
    const [a, b] = k.split('&').map((s) => streets.get(s)!.nameKey)
    const bk = [a, b].sort().join('&')
    byBodies.set(bk, [...(byBodies.get(bk) ?? []), ...pts])
  }
  const forms = FORMS.filter((f) => options.french || !f.french)
  const left = { ...options.quota }
  const out: TruthRow[] = []
  const ordered = [...pairs.keys()].sort((x, y) => hash(`${options.set}|${x}`) - hash(`${options.set}|${y}`) || (x < y ? -1 : 1))
  for (const k of ordered) {
    const points = pairs.get(k)!
    if (!oneCrossing(points)) continue
    const [sa, sb] = k.split('&').map((s) => streets.get(s)!)
    if (!streetKeyOfText(sa.name) || !streetKeyOfText(sb.name)) continue
    const city = options.cityOf(points[0][0], points[0][1])
    if (!city || !left[city]) continue
    const bodiesMeetOnce = oneCrossing(byBodies.get([sa.nameKey, sb.nameKey].sort().join('&'))!)
    const usable = forms.filter((f) => !f.bare || bodiesMeetOnce)
    const form = usable[hash(`form|${k}`) % usable.length]
    const [a, b] = hash(`order|${k}`) % 2 ? [sa.name, sb.name] : [sb.name, sa.name]
    out.push({ set: options.set, city, province: options.province, typed: form.text(a, b, city, options.province), form: form.id, points })
    left[city]--
    if (Object.values(left).every((n) => n <= 0)) break
  }
  return out
}

export interface TruthReport {
  set: string
  city: string
  n: number
  /** Answered at `intersection` precision. */
  found: number
  /** Metres to the truth, intersection results only, sorted. */
  errors: number[]
  holds: number
  /** Per typed form: [n, found]. */
  forms: Record<string, [number, number]>
  /** Results per precision (intersection, street, city, …; `none` when nothing). */
  precisions: Record<string, number>
  /** Street-precision results (an intersection located on one of its streets): metres to the truth, sorted; accuracyM holds. */
  streetErrors: number[]
  streetHolds: number
  /** Interpolated results (a numbered street placed on Edmonton's grid): metres to the truth, sorted; accuracyM holds. */
  gridErrors: number[]
  gridHolds: number
  /** Every answer that is not an intersection (street, postal area, city): metres to the truth, sorted. */
  otherErrors: number[]
  /** The worst misses, for reading. */
  worst: { typed: string; m: number; precision: string }[]
}

export function validateTruth(
  rows: TruthRow[],
  geocode: (r: TruthRow) => { lat: number; lng: number; precision: string; accuracyM: number } | null,
) {
  const groups = new Map<string, TruthReport>()
  for (const r of rows) {
    const key = `${r.set}|${r.city}`
    const g = groups.get(key) ?? {
      ...{ set: r.set, city: r.city, n: 0, found: 0, errors: [], holds: 0, forms: {}, worst: [] },
      ...{ precisions: {}, streetErrors: [], streetHolds: 0, gridErrors: [], gridHolds: 0, otherErrors: [] },
    }
    groups.set(key, g)
    g.n++
    g.forms[r.form] ??= [0, 0]
    const form = g.forms[r.form]
    form[0]++
    const res = geocode(r)
    const precision = res?.precision ?? 'none'
    g.precisions[precision] = (g.precisions[precision] ?? 0) + 1
    if (res?.precision === 'street') {
      const m = Math.min(...r.points.map((p) => metres(p, [res.lat, res.lng])))
      g.streetErrors.push(m)
      if (m <= res.accuracyM) g.streetHolds++
    }
    if (res?.precision === 'interpolated') {
      const m = Math.min(...r.points.map((p) => metres(p, [res.lat, res.lng])))
      g.gridErrors.push(m)
      if (m <= res.accuracyM) g.gridHolds++
    }
    if (res && res.precision !== 'intersection') g.otherErrors.push(Math.min(...r.points.map((p) => metres(p, [res.lat, res.lng]))))
    if (res?.precision !== 'intersection') {
      g.worst.push({ typed: r.typed, m: Infinity, precision: res?.precision ?? 'none' })
      continue
    }
    g.found++
    form[1]++
    const m = Math.min(...r.points.map((p) => metres(p, [res.lat, res.lng])))
    g.errors.push(m)
    if (m <= res.accuracyM) g.holds++
    g.worst.push({ typed: r.typed, m, precision: res.precision })
  }
  for (const g of groups.values()) {
    g.errors.sort((a, b) => a - b)
    g.streetErrors.sort((a, b) => a - b)
    g.gridErrors.sort((a, b) => a - b)
    g.otherErrors.sort((a, b) => a - b)
    g.worst = g.worst.sort((a, b) => b.m - a.m).slice(0, 8)
  }
  return [...groups.values()]
}

/**
 * The GTA file's hole, simulated: the second typed street's centrelines (and any address line of it in the
 * store) are withheld, so the crossing must come from the first street's centreline and the second's address
 * points (or nothing). With `addressLines`, the second street's address lines are built from its address points
 * as the store build does where its centreline is missing (scripts/lib/address-line.ts), never from the centreline.
 */
export function geocodeWithoutSecondLine(
  answer: (lookup: AddressLookup) => StoreAnswer,
  text: string,
  options: { addressLines?: boolean } = {},
): GeocodeResult | null {
  const lookup = planAddressLookup(text)
  if (lookup?.streets.length !== 2) return null
  const base = answer(lookup)
  const second = new Set([lookup.streets[1].nameKey, ...(lookup.streets[1].alternatives ?? []).map((a) => a.nameKey)])
  const kept = (base.pieces ?? []).filter((p) => !second.has(p.nameKey))
  const built = options.addressLines ? addressLinePiecesOf(base.points.filter((p) => second.has(p.nameKey))) : []
  return resolveAddressLookup(lookup, { ...base, pieces: [...kept, ...built] })
}

/** The road class of the street the hole simulation withholds (the second typed), from its centrelines; 0 when none. */
export function withheldClass(answer: (lookup: AddressLookup) => StoreAnswer, text: string): number {
  const lookup = planAddressLookup(text)
  if (lookup?.streets.length !== 2) return 0
  const key = lookup.streets[1].nameKey
  return Math.max(0, ...(answer(lookup).pieces ?? []).filter((p) => p.nameKey === key).map((p) => p.roadClass ?? 0))
}

/** Address lines of some address points, one per municipality and street, as the store holds them (pieces, rounded). */
export function addressLinePiecesOf(
  points: (StreetKey & { cityKey: string; lat: number; lng: number })[],
  source = ADDRESS_LINE_SOURCE,
): StreetPiece[] {
  const groups = new Map<string, typeof points>()
  for (const p of points) {
    const k = `${p.cityKey}|${p.nameKey}|${p.typeKey}|${p.dir}`
    groups.set(k, [...(groups.get(k) ?? []), p])
  }
  return [...groups.values()].flatMap((g) =>
    addressLines(g.map((p) => [p.lng, p.lat]))
      .flatMap((line) => pieceRows(g[0], g[0].nameKey, undefined, line))
      .map((row) => decodePiece({ ...row, source })),
  )
}
