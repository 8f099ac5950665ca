// Each counted site as the engine sees it at an exact position (docs/methodology.md §2.3): the located
// street and every named street within SIGHT_M of the point (the worker's streetsInSightOf on the committed
// geodata store), each with its own class (model/exposure.ts): the network's (GTA and Montréal OSM, Ottawa's
// RNF, Edmonton's main roads, Calgary's speed zones) or, without one, the engine's reading of its name.
// A count at an intersection (Toronto, Vancouver) totals every approach, so it is compared with the SUM of
// the streets' volumes (audience.dailyVehicles); a count on a section (Calgary, Edmonton, a Toronto
// mid-block signal) with the busier street's volume (the vehicle factor). With one model for every street,
// ln Σ_i V(class_i) = (the point's terms) + ln Σ_i e^(classTerm_i): the class term of trafficModelInputs
// becomes that log-sum (or the max), so the fit stays linear and the engine applies it per street.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { committedRows } from '../../scripts/lib/geodata-artefacts.mjs'
import { importTs } from '../../scripts/lib/load-ts.mjs'
import { dataDir } from './common.mjs'

const s = await importTs(
  {
    'scripts/lib/geodata-memory.ts': ['memoryGeodata'],
    'scripts/lib/geodata-store-streets.ts': ['calgaryStreetRows', 'sortPieces', 'pieceFields'],
    'src/services/street-store.ts': ['scoringStreet'],
    'src/geo/geocode/street-key.ts': ['streetKeyOf'],
    'src/geo/geocode/address.ts': ['parseStreetText'],
    'scripts/lib/street-runs.ts': ['streetRuns'],
  },
  { platform: 'node' },
)

/**
 * The committed store without counts (a site would take its own count), without Edmonton's count lines and without
 * Calgary's pieces, whose classes come from the counted sections: Calgary's speed zones alone go back (class from the posted speed),
 * Calgary as a city with a network and no counts. FIT_STORE=none: no store at all (every city without a network).
 */
export function fitStore() {
  if (process.env.FIT_STORE === 'none') return undefined
  // Edmonton's count lines are drawn through the counted sites themselves: a site would find its own road by them.
  const [addresses, streets] = committedRows((a) => a.source !== 'calgary' && a.source !== 'edmonton-count-line')
  const zones = s.calgaryStreetRows(readFileSync(join(dataDir, 'calgary/speed-limits.csv'), 'utf8'), '').rows
  for (const r of s.sortPieces(zones)) streets.push({ source: 'calgary', fields: s.pieceFields(r).map(String) })
  // Runs as the store build measures them, over the streets the fit sees (Calgary's speed zones without its sections).
  const runs = s.streetRuns(streets.map(({ fields: f }) => ({ nameKey: f[0], typeKey: f[1], line: f[10] })))
  streets.forEach((row, i) => {
    row.fields[11] = String(runs[i])
  })
  return Object.assign(s.memoryGeodata(addresses, streets), { typicalRunM: typicalRuns(streets, runs) })
}

/**
 * The typical run of each class 1–6: the median over the pieces of that class (so over metres of street, not
 * over streets: the run a metre of such a street lies on), rounded to 10 m.
 */
function typicalRuns(streets, runs) {
  const byClass = [[], [], [], [], [], []]
  streets.forEach(({ fields }, i) => {
    const c = Math.round(Number(fields[4]) / 10)
    if (c >= 1 && c <= 6 && runs[i] > 0) byClass[c - 1].push(runs[i])
  })
  return byClass.map((v) => {
    v.sort((a, b) => a - b)
    return Math.round(v[Math.floor(v.length / 2)] / 10) * 10
  })
}

/**
 * The street a user types at the count: a section's road, Vancouver's intersection text (the busier name's
 * class), a Toronto signal's first street.
 */
export function typedStreet(r) {
  if (r.city !== 'Toronto') return r.street
  const parsed = s.parseStreetText(r.streets[0])
  return parsed?.name ? { name: parsed.name, ...(parsed.type && { type: parsed.type }) } : r.street
}

/** Whether the count totals every approach of an intersection (else one road's two directions). */
export const isIntersection = (r) => (r.city === 'Toronto' && !r.midblock) || r.city === 'Vancouver'

/**
 * The site as POST /score sees it from coordinates and from coordinates with its street typed: the located
 * street (services/street-store.ts scoringStreet), the streets in sight, and the engine's exposure (featuresAt:
 * every street's class, model/exposure.ts). `x` is in trafficModelInputs' order with the class term replaced by
 * the streets' log-sum (an intersection count) or their maximum (a section count).
 */
export async function siteViews(m, store, r, options) {
  const census = m.censusAt(r.lat, r.lng, { memo: false })
  const sight = store ? (await store.streetsInSight(r.lat, r.lng))?.streets : undefined
  const view = (street) => {
    const exposure = {}
    const input = { lat: r.lat, lng: r.lng, precision: 'coordinates', ...(street && { street }), ...(sight && { streetsInSight: sight }) }
    const features = m.featuresAt(input, options, undefined, exposure)
    const inputs = {
      popDensity: features.populationDensity.value,
      nearestDaM: census?.nearestDaM,
      intersectionDensity: census?.intersectionDensity1km ?? 0,
      stopEquivalents: m.transitInputsAt(r.lat, r.lng).stopEquivalents,
    }
    // No street known: the frontage's class from coordinates (the bus-route proxy), one street. A street whose class
    // a network gives carries its run (the engine's rule, features.ts): the sight list's, or the located street's.
    const streets = exposure.streets.length
      ? exposure.streets.map((st) => ({
          roadClass: st.roadClass,
          runM: st.classSource ? (sight?.find((x) => m.sameStreet(x, st)) ?? street)?.runM : undefined,
        }))
      : [{ roadClass: features.roadClass.value }]
    const terms = streets.map((st) => m.classTerm(st.roadClass, st.runM))
    const top = Math.max(...terms)
    const x = m.trafficModelInputs(inputs, 1)
    x[1] = isIntersection(r) ? top + Math.log(terms.reduce((t, c) => t + Math.exp(c - top), 0)) : top
    // The sum of every street's volume over the busier street's: audience.dailyVehicles ÷ the vehicle factor.
    const sumOverMax = terms.reduce((t, c) => t + Math.exp(c - top), 0)
    // Each street's class and run, for the fit's choice of the run exponent (fit-traffic.mjs).
    return { x, features, inputs, streets: exposure.streets, sumOverMax, runs: streets }
  }
  const coordinates = view(store && s.scoringStreet(await store.locate(r.lat, r.lng)))
  const typed = typedStreet(r)
  let street
  if (typed) {
    const nameKey = s.streetKeyOf(typed).nameKey
    street = view(store ? s.scoringStreet(await store.locate(r.lat, r.lng, { nameKey }), typed) : typed)
    // Every street the count names is in sight on the network (the GTA file's hole: some main roads have no line).
    const named = (r.streets ?? []).filter((n) => !NOT_A_STREET.test(n))
    street.allNamedInSight = named.every((n) =>
      sight?.some((st) => st.classSource && !/address points/.test(st.classSource) && m.sameStreet(st, { name: n })),
    )
  }
  // The point with no street (the pedestrian model's inputs, as fitted before streets were in sight).
  const point = { features: m.featuresAt({ lat: r.lat, lng: r.lng, precision: 'coordinates' }, options), inputs: coordinates.inputs }
  return { coordinates, street, point }
}

/** Names on a Toronto signal that are not a street a sign faces (ramps, driveways, busways). */
const NOT_A_STREET = /\b(ramp|private access|access|busway|driveway)\b/i
