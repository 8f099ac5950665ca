// A sign at a corner is seen from both streets (methodology §2.6). The point's own street (located by the
// store or named by the caller) keeps its full estimate (counts, speed zones, the fitted model); every other
// street in sight gets the fitted model at its own class. The vehicle factor is the busier street's
// volume; the audience counts every street a sign there can face.
import { normalizeName, TRAILING_TYPES } from '../../geodata'
import type { Confidence } from '../types'
import type { MeasuredCount } from './measured-counts'
import type { RoadClassEstimate } from './road-class'
import type { TrafficEstimate } from './traffic'

/** A street within sight of the point (services/street-store.ts streetsInSightOf; geo/geocode/streets-in-sight.ts). */
export interface SightStreetInput {
  /** Display name ("Queen Street West"); else name and type. */
  label?: string
  name: string
  type?: string
  /** 1 local … 6 freeway, from a street network; undefined where it says nothing. */
  roadClass?: number
  classSource?: string
  /** How far the street goes on unbroken, metres (its network's; the traffic model's continuity). */
  runM?: number
  offsetM: number
}

/** One street a sign at the point can face, with its estimated daily vehicles (both directions). */
export interface CornerStreet {
  /** Display name. */
  label: string
  name: string
  type?: string
  roadClass: number
  classSource?: string
  dailyVehicles: number
  /** Metres from the point to its centreline, where measured. */
  offsetM?: number
  method: string
  confidence: Confidence
}

export interface StreetEstimate {
  roadClass: number
  aadt: number
  method: string
  confidence: Confidence
}

/**
 * "Queen St W" and "Queen" name the same street: names compare without direction, case or accents, and without
 * their type where one side has none. Where both end in a type word of the one street-type table (geodata
 * street-types.ts: "Military Trl" and "Military Trail", "Bridletowne Crcl"), the types must agree, so
 * "Queen's Park" and "Queens Quay" stay two streets. Spaces do not count ("Mc Caul St" is "McCaul Street").
 */
export function sameStreet(a: { name: string; type?: string }, b: { name: string; type?: string }): boolean {
  const [x, y] = [partsOf(written(a)), partsOf(written(b))]
  if (x.full === y.full) return true
  if (x.typed?.base === y.full || y.typed?.base === x.full) return true
  return x.typed !== undefined && x.typed.base === y.typed?.base && x.typed.type === y.typed.type
}
/** A street as written: its name, and its type where the caller keeps it apart ("Zephyr" + "Trail"). */
const written = (s: { name: string; type?: string }) => (s.type ? `${s.name} ${s.type}` : s.name)
const DIRECTION = /\s+(?:n|s|e|w|ne|nw|se|sw|north|south|east|west|est|ouest|nord|sud)$/
// Vancouver writes the direction first ("W Broadway", "E 12th Ave").
const LEADING_DIRECTION = /^(?:n|s|e|w) (?=\S+ \S)|^(?:n|s|e|w) (?=\S+$)/
const LEADING_TYPE = /^(?:rue|boulevard|boul|avenue|av|chemin|ch|place|cote|montee|rang)\s+(?:de la |du |des |de l |de |d )?/
/** A name's last word as a street type's canonical form; normalizeName writes "St" as "saint". */
function typeOf(word: string): string | undefined {
  return word === 'saint' ? 'St' : TRAILING_TYPES[word]?.canonical
}
interface NameParts {
  /** The name without direction or French leading type, spaces removed. */
  full: string
  /** The same without its last word, where that word is a street type: the base and the type's canonical form. */
  typed?: { base: string; type: string }
}
// Scores ask for the same few thousand names over and over: bounded per-isolate memos.
const MEMO_LIMIT = 4096
const nameParts = new Map<string, NameParts>()
function partsOf(name: string): NameParts {
  let parts = nameParts.get(name)
  if (parts === undefined) {
    if (nameParts.size >= MEMO_LIMIT) nameParts.clear()
    const key = normalizeName(name).replace(LEADING_DIRECTION, '').replace(DIRECTION, '')
    const words = key.split(' ')
    const type = words.length > 1 ? typeOf(words[words.length - 1]) : undefined
    // A French leading type ("Rue Sherbrooke") only where no English type ends the name ("Avenue Rd" is Avenue).
    const full = type || !key.includes(' ') ? key : key.replace(LEADING_TYPE, '')
    parts = {
      full: full.replace(/ /g, ''),
      ...(type && { typed: { base: words.slice(0, -1).join(''), type } }),
    }
    nameParts.set(name, parts)
  }
  return parts
}

/**
 * The streets in sight with their volumes, the located street first. `located` is the point's own
 * street with its estimate (it stands even out of sight: an address faces its street); `estimate` gives
 * another street's volume from its class (undefined: its class is unknown, and it is left out).
 */
export function cornerStreets(
  located: ExposureInput['located'],
  sight: readonly SightStreetInput[] | undefined,
  estimate: (street: SightStreetInput) => StreetEstimate | undefined,
): CornerStreet[] {
  const streets: CornerStreet[] = []
  if (located) {
    // Fields set one by one, not spread: this runs in every score with a street.
    const own = sight?.length ? sight.find((s) => sameStreet(s, located)) : undefined
    const offsetM = own?.offsetM ?? located.offsetM
    const street: CornerStreet = {
      label: own?.label ?? labelOf(located),
      name: located.name,
      roadClass: located.road.roadClass,
      dailyVehicles: located.traffic.aadt,
      method: located.traffic.method,
      confidence: located.traffic.confidence,
    }
    if (located.type) street.type = located.type
    if (located.classSource) street.classSource = located.classSource
    if (offsetM !== undefined) street.offsetM = Math.round(offsetM)
    streets.push(street)
  }
  for (const s of sight ?? []) {
    if (streets.some((c) => sameStreet(c, s))) continue
    const e = estimate(s)
    if (!e) continue
    streets.push({
      label: s.label ?? labelOf(s),
      name: s.name,
      ...(s.type && { type: s.type }),
      roadClass: e.roadClass,
      ...(s.classSource && { classSource: s.classSource }),
      dailyVehicles: e.aadt,
      offsetM: Math.round(s.offsetM),
      method: e.method,
      confidence: e.confidence,
    })
  }
  return streets
}

/** A street named by its keys ("lawrence", "ave") reads "Lawrence Ave". */
const labels = new Map<string, string>()
export function labelOf(s: { name: string; type?: string }): string {
  const text = written(s)
  let label = labels.get(text)
  if (label === undefined) {
    if (labels.size >= MEMO_LIMIT) labels.clear()
    label = capitalised(text)
    labels.set(text, label)
  }
  return label
}
const PARTICLES = new Set(['de', 'la', 'le', 'les', 'du', 'des', 'of', 'the'])
const capitalised = (text: string | undefined) =>
  (text ?? '').replace(/(^|[\s-])(\p{Ll})(\p{L}*)/gu, (all, a: string, b: string, rest: string) =>
    a && PARTICLES.has(b + rest) ? all : a + b.toUpperCase() + rest,
  )

/**
 * A typed intersection is located on "Dundas St E & Coxwell Ave", no street of its own: where its streets are
 * in sight, each of them counts at its own volume instead (an intersection count is split among them).
 */
function cornerInSight(located: ExposureInput['located'], sight: readonly SightStreetInput[] | undefined): boolean {
  if (!located || !sight?.length || !located.name.includes(' & ')) return false
  return sight.some((s) => partOf(located, s))
}
const partOf = (pair: { name: string }, street: { name: string }) => pair.name.split(' & ').some((name) => sameStreet(street, { name }))

/** The busier street (ties: the located one, listed first). */
export function busierStreet(streets: readonly CornerStreet[]): CornerStreet | undefined {
  let best: CornerStreet | undefined
  for (const s of streets) if (!best || s.dailyVehicles > best.dailyVehicles) best = s
  return best
}

/**
 * The busier street's share of an intersection's entering vehicles where fewer than two of its streets
 * are known (Vancouver: no street network in the store). Over the Toronto signals whose two streets the
 * GTA network holds, the modelled busier street's share has a median of ≈ 0.6 (methodology §2.6).
 */
export const DEFAULT_BUSIER_SHARE = 0.6

/** What featuresAt hands out beside the signals: the streets a sign faces and the vehicles passing on all of them. */
export interface Exposure {
  streets?: CornerStreet[]
  dailyVehicles?: number
}

export interface ExposureInput {
  /** The point's own street: its class and traffic as estimated for it (counts, speed zones, the fitted model). */
  located?: { name: string; type?: string; classSource?: string; offsetM?: number; road: RoadClassEstimate; traffic: TrafficEstimate }
  sight?: readonly SightStreetInput[]
  /** The store count taken at the point, if any, and its measured traffic. */
  counted?: { count: MeasuredCount; traffic: TrafficEstimate }
  /** The located street's modelled volume (not its count): splits an intersection count among its streets. */
  locatedModelled?: () => number
  /** A street's class from its name and type, where no network gives it. */
  classOf: (street: { name: string; type?: string }) => number | undefined
  /** The frontage's class where no street is known. */
  unknownRoad: RoadClassEstimate
  /** The fitted model's volume of a street of this class at the point. */
  estimate: (roadClass: number, fromNetwork: boolean, street: SightStreetInput) => TrafficEstimate
}

export interface CornerExposure {
  streets: CornerStreet[]
  /** Vehicles passing on every street in sight (an intersection count: every approach's entering vehicles). */
  dailyVehicles: number
  /** The vehicle factor: the busier street's volume. */
  traffic: TrafficEstimate
  /** The frontage's road class: the busier street's. */
  road: RoadClassEstimate
}

const MAX_METHOD = 200
const cap = (text: string) => (text.length <= MAX_METHOD ? text : `${text.slice(0, MAX_METHOD - 1)}…`)

function busierRoad(busier: CornerStreet): RoadClassEstimate {
  return busier.classSource
    ? {
        roadClass: busier.roadClass,
        method: cap(`measured: street network (${busier.classSource}, ${busier.label}); busier street in sight`),
        confidence: 'high',
      }
    : { roadClass: busier.roadClass, method: cap(`street-type (${busier.label}); busier street in sight`), confidence: 'medium' }
}

/** The exposure at a point from its own street and every street in sight; undefined when no street is known. */
export function exposureAt(input: ExposureInput): CornerExposure | undefined {
  const pair = cornerInSight(input.located, input.sight) ? input.located : undefined
  const located = pair ? undefined : input.located
  const streets = cornerStreets(located, input.sight, (s) => {
    // A street of the typed pair whose class nothing gives (Vancouver's "W Broadway") takes the pair's: the busier one's.
    const roadClass = s.roadClass ?? input.classOf(s) ?? (pair && partOf(pair, s) ? pair.road.roadClass : undefined)
    if (roadClass === undefined) return undefined
    return { roadClass, ...input.estimate(roadClass, s.roadClass !== undefined, s) }
  })
  const own = located && streets[0]
  if (!streets.length) {
    if (input.counted?.count.kind !== 'intersection') return undefined
    // No street of the counted intersection is known (Vancouver: no street network in the store).
    const { count, traffic } = input.counted
    const aadt = Math.round(count.vehicles * DEFAULT_BUSIER_SHARE)
    return {
      streets,
      dailyVehicles: count.vehicles,
      traffic: { ...traffic, aadt, method: cap(`${traffic.method}; busier street ${Math.round(100 * DEFAULT_BUSIER_SHARE)} % typical`) },
      road: input.unknownRoad,
    }
  }
  if (input.counted?.count.kind === 'intersection') {
    // Every approach's entering vehicles: split among the streets by their modelled volumes.
    const total = input.counted.count.vehicles
    const modelled = streets.map((s, i) => (i === 0 && own && input.locatedModelled ? input.locatedModelled() : s.dailyVehicles))
    const sum = modelled.reduce((a, v) => a + v, 0)
    const known = streets.length >= 2 && sum > 0
    streets.forEach((s, i) => {
      s.dailyVehicles = Math.round(known ? (total * modelled[i]) / sum : i === 0 ? total * DEFAULT_BUSIER_SHARE : 0)
    })
    const busier = busierStreet(streets)!
    const share = Math.round((100 * busier.dailyVehicles) / total)
    const how = known ? 'by the modelled volumes in sight' : 'typical'
    return {
      streets,
      dailyVehicles: total,
      traffic: {
        aadt: busier.dailyVehicles,
        method: cap(`${input.counted.traffic.method}; busier street ${share} % ${how}`),
        confidence: 'high',
      },
      road: busier === own && located ? located.road : busierRoad(busier),
    }
  }
  const busier = busierStreet(streets)!
  const dailyVehicles = streets.reduce((a, s) => a + s.dailyVehicles, 0)
  if (busier === own && located) return { streets, dailyVehicles, traffic: located.traffic, road: located.road }
  return {
    streets,
    dailyVehicles,
    traffic: {
      aadt: busier.dailyVehicles,
      method: cap(
        `${busier.method.replace(/^modelled: /, `modelled: ${busier.label}, the busier street in sight (${busier.offsetM} m): `)}`,
      ),
      confidence: busier.confidence,
    },
    road: busierRoad(busier),
  }
}
