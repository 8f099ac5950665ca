// What a postal-code position stands for: the people of the area, not the one point (docs/methodology.md
// §5.5). The area is the DA points nearest the FSA's position (TRANSIT_MODEL.areaDas, the median DA count of
// an urban FSA); its density, Can-ALE stop count and tract income feed the transit and income factors.
// Every FSA position of the geocoder is measured ahead by research/fit-transit.mjs with measurePostalArea
// (postal-areas.generated.ts): a postal code costs one table read, not 37 DA and tract lookups.
import { POSTAL_AREAS_TEXT } from '../../data/postal-areas.generated'
import { TRANSIT_MODEL } from '../../data/transit-model.generated'
import { nearestDaPoints, PointMemo, tractAt } from '../../geodata'

export interface PostalAreaMeasures {
  das: number
  /** geometric mean of the DAs' densities, persons/km² */
  popDensity: number
  /** mean Can-ALE 2016 stop count within 1 km, when at least half the DAs have one */
  transitStops1km?: number
  /** median of the tract incomes of the DAs inside a tract, when at least half are */
  income?: number
  tracts: number
}

/** Measures the area of the `count` DA points nearest a position (the build and the fallback use it). */
export function measurePostalArea(lat: number, lng: number, count: number = TRANSIT_MODEL.areaDas): PostalAreaMeasures | undefined {
  const das = nearestDaPoints(lat, lng, count)
  if (das.length === 0) return undefined
  let lnDensity = 0
  let stops = 0
  let measuredStops = 0
  const incomes: number[] = []
  const ctuids = new Set<string>()
  for (const d of das) {
    lnDensity += Math.log(Math.max(d.popDensity, 1))
    if (d.transitStops1km !== undefined) {
      stops += d.transitStops1km
      measuredStops++
    }
    const tract = tractAt(d.lat, d.lng, { memo: false })
    if (tract) {
      incomes.push(tract.medianHouseholdIncome)
      ctuids.add(tract.ctuid)
    }
  }
  incomes.sort((a, b) => a - b)
  const mid = incomes.length >> 1
  return {
    das: das.length,
    popDensity: Math.round(Math.exp(lnDensity / das.length)),
    ...(measuredStops >= das.length / 2 && { transitStops1km: Math.round((10 * stops) / measuredStops) / 10 }),
    ...(incomes.length >= das.length / 2 && { income: incomes.length % 2 ? incomes[mid] : (incomes[mid - 1] + incomes[mid]) / 2 }),
    tracts: ctuids.size,
  }
}

/** The position to 1e-4° (the FSA table's precision) as one number: latitude units × 2²² + longitude units + 2²¹. */
const key = (lat: number, lng: number) => Math.round(lat * 1e4) * 4194304 + Math.round(lng * 1e4) + 2097152
let table: Map<number, PostalAreaMeasures> | undefined
function measuredAhead(): Map<number, PostalAreaMeasures> {
  if (table) return table
  table = new Map()
  // Row: lat|lng|das|popDensity|transitStops1km|income|tracts (empty: none; das 0: no DA within 25 km)
  for (const row of POSTAL_AREAS_TEXT.split('\n')) {
    const [lat, lng, das, popDensity, stops, income, tracts] = row.split('|')
    table.set(key(Number(lat), Number(lng)), {
      das: Number(das),
      popDensity: Number(popDensity),
      ...(stops !== '' && { transitStops1km: Number(stops) }),
      ...(income !== '' && { income: Number(income) }),
      tracts: Number(tracts),
    })
  }
  return table
}
// The answer per exact position, from the table or measured: a hit skips the table's hash of a non-integer key (≈ 0.3 µs).
const areas = new PointMemo<{ area: PostalAreaMeasures | undefined }>(4096)

/** The area of a postal-code position: from the table for the geocoder's FSA positions, else measured (and memoised). */
export function postalAreaAt(lat: number, lng: number, memo: boolean | undefined): PostalAreaMeasures | undefined {
  if (memo === false) return areaOf(lat, lng)
  const hit = areas.get(lat, lng)
  return hit ? hit.area : areas.set(lat, lng, { area: areaOf(lat, lng) }).area
}

function areaOf(lat: number, lng: number): PostalAreaMeasures | undefined {
  const ahead = measuredAhead().get(key(lat, lng))
  if (ahead) return ahead.das > 0 ? ahead : undefined
  return measurePostalArea(lat, lng)
}
