// Methodology 2.0: the factor signals come from the bundled measured data, so two points ~300 m
// apart — an arterial with bus stops and a quiet residential street — now differ in road class,
// traffic and pedestrians for the reasons the data gives, while the area measures (density, POIs)
// stay alike. The 1.x engine scored each pair almost alike (values in the comments, from
// `git show 8a17832`, coordinates only):
//   Ottawa  Bank St (Glebe)      80.3 A   traffic 12,300  class 3.1  pedestrians 2,500
//           Adelaide St, 300 m E 79.5 B+  traffic 12,500  class 3.1  pedestrians 2,000
//   Calgary 17 Ave SE            70.1 B   traffic 11,100  class 2.9  pedestrians 280
//           300 m N (Forest Lawn) 69.9 C+ traffic 11,000  class 2.9  pedestrians 273
//   Toronto Dufferin St          86.4 A   traffic 15,300  class 3.4  pedestrians 6,000
//           300 m E              87.2 A   traffic 15,800  class 3.4  pedestrians 6,200
// Methodology 2.0.0 on the same points (at the time of writing; the assertions below test the reasons):
//   Ottawa  Bank St 75.0 B+ (traffic 12,000, RNF class 21 → 3, pedestrians 388) vs Adelaide St 61.6 C (410, class 23 → 1, 171)
// The Ottawa network's class now reaches the engine with the street the geodata store finds at the point
// (as POST /score passes it; the engine looks up no network itself): the committed store artefact here.
//   Calgary 17 Ave SE 74.5 B (34,000 counted 2018, class 4, 166) vs 300 m N 50.4 D (430 modelled, class 1, 57)
//   Toronto Dufferin St 74.7 B (8,200, bus route → 3, 471) vs 300 m E 61.6 C (280, class 1, 243)
import { describe, it, expect } from 'vitest'
import { featuresAt, type KnownStreet } from '../../src/geo/signals'
import { censusAt, countedSectionsNear, tractAt, transitStopPointsNear } from '../../src/geo/geodata/measured'
import { PEDESTRIAN_MODEL } from '../../src/geo/signals'
import {
  NEAR_STOP_AREA_MEAN,
  NEAR_STOP_MAX_M,
  nearStopWeight,
  pedestriansPerDay,
  transitShareOf,
} from '../../src/geo/signals/model/activity'
import type { StopPoint } from '../../src/geo/signals/model/road-class'
import { buildScoreResult } from '../../src/scoring'
import { scoringStreet } from '../../src/services/street-store'
import { committedRows } from '../../scripts/lib/geodata-artefacts.mjs'
import { memoryGeodata } from '../../scripts/lib/geodata-memory'

const at = (lat: number, lng: number, street?: KnownStreet) =>
  buildScoreResult({ lat, lng, address: `${lat}, ${lng}`, precision: 'coordinates', ...(street && { street }) })
const raw = (r: ReturnType<typeof at>, key: keyof ReturnType<typeof at>['factorScores']) => r.factorScores[key].raw

describe('two points 300 m apart: an arterial with stops vs a quiet side street', () => {
  it('Ottawa, Bank St in the Glebe vs Adelaide St: road class from the Road Network File, traffic and pedestrians follow it', async () => {
    const store = memoryGeodata(...committedRows((a) => a.source === 'ottawa'))
    const scoreAt = async (lat: number, lng: number) => at(lat, lng, scoringStreet(await store.locate(lat, lng)))
    const arterial = await scoreAt(45.401997, -75.687805)
    const side = await scoreAt(45.402027, -75.683949)
    expect(raw(arterial, 'roadClass').method).toMatch(/street network \(Statistics Canada Road Network File 2021 \(Ottawa\), Bank\)/)
    expect(raw(side, 'roadClass').method).toMatch(/street network \(Statistics Canada Road Network File 2021 \(Ottawa\), Adelaide\)/)
    // Without the store's street the engine has no network to read: the bus-route proxy, as in any city.
    expect(raw(at(45.402027, -75.683949), 'roadClass').method).toMatch(/^modelled: /)
    expect(raw(arterial, 'roadClass').value - raw(side, 'roadClass').value).toBeGreaterThanOrEqual(2)
    expect(raw(arterial, 'vehicleTraffic').value).toBeGreaterThan(10 * raw(side, 'vehicleTraffic').value)
    expect(raw(arterial, 'pedestrian').value).toBeGreaterThan(1.5 * raw(side, 'pedestrian').value)
    // Same neighbourhood: the area measures agree within 10 %.
    expect(Math.abs(raw(arterial, 'populationDensity').value / raw(side, 'populationDensity').value - 1)).toBeLessThan(0.1)
    expect(arterial.overallScore - side.overallScore).toBeGreaterThan(8)
  })

  it("Calgary, 17 Ave SE vs a residential block 300 m north: the arterial's counted traffic, the block's modelled", () => {
    const arterial = at(51.037842, -113.975848)
    const side = at(51.040555, -113.975848)
    const counted = countedSectionsNear(51.037842, -113.975848, 25)[0]
    expect(counted.secname).toMatch(/^17AVSE/)
    expect(raw(arterial, 'vehicleTraffic')).toMatchObject({ value: counted.aadt, confidence: 'high' })
    expect(raw(arterial, 'vehicleTraffic').method).toMatch(new RegExp(`measured: City of Calgary traffic count ${counted.year}`))
    expect(raw(side, 'vehicleTraffic').method).toMatch(/^modelled/)
    expect(raw(arterial, 'vehicleTraffic').value).toBeGreaterThan(20 * raw(side, 'vehicleTraffic').value)
    expect(raw(arterial, 'roadClass').value).toBeGreaterThanOrEqual(3)
    expect(raw(side, 'roadClass').value).toBe(1)
    expect(raw(arterial, 'pedestrian').value).toBeGreaterThan(2 * raw(side, 'pedestrian').value)
    expect(arterial.overallScore - side.overallScore).toBeGreaterThan(10)
  })

  it('Toronto, Dufferin St vs 300 m east: no road network or counts here, the bus-route proxy tells them apart', () => {
    const arterial = at(43.665, -79.4376)
    // 200 m north of the point 2.x used (43.665, -79.4339), which lies inside Dovercourt Park: 3.0 says so (IN_PARK).
    const side = at(43.6668, -79.4339)
    expect(side.warnings).toEqual([])
    expect(raw(arterial, 'roadClass').method).toMatch(/on a bus route/)
    expect(raw(side, 'roadClass').method).toMatch(/no bus route/)
    expect(raw(arterial, 'roadClass').value).toBeGreaterThan(raw(side, 'roadClass').value)
    expect(raw(arterial, 'vehicleTraffic').value).toBeGreaterThan(10 * raw(side, 'vehicleTraffic').value)
    expect(raw(arterial, 'pedestrian').value).toBeGreaterThan(raw(side, 'pedestrian').value)
    expect(arterial.overallScore - side.overallScore).toBeGreaterThan(8)
  })
})

describe('each signal says what it measured', () => {
  const point = { lat: 45.4215, lng: -75.6972 } // Sparks St, downtown Ottawa
  const signals = featuresAt({ ...point, precision: 'coordinates' })

  it('population density and POIs are the census sample interpolated at the point', () => {
    const census = censusAt(point.lat, point.lng)!
    expect(signals.populationDensity).toMatchObject({ value: Math.round(census.popDensity), confidence: 'high' })
    expect(signals.populationDensity.method).toMatch(/^measured: Census 2016/)
    expect(signals.poiDensity.value).toBe(Math.round(census.poiCount1km))
    expect(signals.poiDensity.unit).toMatch(/within 1 km/)
    expect(signals.poiDensity.method).toMatch(/2016/)
  })

  it('income is the median of the census tract containing the point', () => {
    const tract = tractAt(point.lat, point.lng)!
    expect(signals.income).toMatchObject({ value: tract.medianHouseholdIncome, confidence: 'high' })
    expect(signals.income.method).toContain(tract.ctuid)
  })

  // 3.x: the value is the transit commute share the fitted model expects of the stops and the density.
  const modelInputs = (method: string) => {
    const m = /^modelled: share of ([\d.]+) stop-eq\. at (\d+)\/km²/.exec(method)
    return m ? { stopEquivalents: Number(m[1]), popDensity: Number(m[2]) } : undefined
  }

  it('transit counts the 2022 stops within 400 m and 800 m, and is the commute share the model expects of them', () => {
    const stops = transitStopPointsNear(point.lat, point.lng, 800)
    const within400 = stops.filter((s) => s.distanceM <= 400).length
    expect(signals.transit.method).toContain(`${within400} within 400 m, ${stops.length} within 800 m`)
    const inputs = modelInputs(signals.transit.method)!
    expect(inputs.stopEquivalents).toBeGreaterThanOrEqual(within400)
    expect(signals.transit.value).toBeCloseTo(transitShareOf(inputs.stopEquivalents, inputs.popDensity), 0)
    expect(signals.transit.unit).toBe('% of commuters by transit (modelled)')
  })

  it('pedestrians weigh the stops near the point by distance: a stop at the corner adds more than one a block away', () => {
    const near = transitStopPointsNear(point.lat, point.lng, NEAR_STOP_MAX_M)
    expect(near.length).toBeGreaterThan(0)
    const weight = near.reduce((w, s) => w + Math.exp(-s.distanceM / 100), 0)
    expect(signals.pedestrian.method).toContain(`near stops (${Math.round(weight * 100) / 100}: e^(−d/100 m) ≤ 300 m)`)
    // The same neighbourhood (its 1 km inputs alike), its frontage with a stop pair at the corner, a block
    // (250 m) away, or none: the nearer pair puts more riders on the sidewalk.
    expect(PEDESTRIAN_MODEL.exponents.nearStops).toBeGreaterThan(0)
    const inputs = { popDensity: 5000, poiCount1km: 300, intersectionDensity: 60, transit: 40, roadClass: 3 }
    const stopAt = (distanceM: number): StopPoint => ({ lat: point.lat, lng: point.lng, distanceM })
    const withPair = (d: number) => pedestriansPerDay({ ...inputs, nearStops: nearStopWeight([stopAt(d), stopAt(d)]) })
    const none = pedestriansPerDay({ ...inputs, nearStops: 0 })
    expect(withPair(20)).toBeGreaterThan(1.5 * withPair(250))
    expect(withPair(250)).toBeGreaterThan(none)
    expect(withPair(250)).toBeLessThan(1.2 * none)
  })

  it('at a postal-area position the stops near the frontage are what its 400 m stops give anywhere in the disc, said as expected', () => {
    const area = featuresAt({ ...point, precision: 'postal_code' })
    const within400 = transitStopPointsNear(point.lat, point.lng, 400).length
    expect(NEAR_STOP_AREA_MEAN).toBeCloseTo(0.1, 2)
    expect(area.pedestrian.method).toContain(`near stops (${Math.round(within400 * NEAR_STOP_AREA_MEAN * 100) / 100} expected:`)
  })

  it("transit's stop equivalents are the mean of the 2022 walk-band count and Can-ALE's 2016 1 km count", () => {
    const springGarden = { lat: 44.6426, lng: -63.577 } // downtown Halifax: buses, no rapid transit
    const transit = featuresAt({ ...springGarden, precision: 'coordinates' }).transit
    const stops = transitStopPointsNear(springGarden.lat, springGarden.lng, 800)
    const counted2022 = stops.filter((s) => s.distanceM <= 400).length + 0.5 * stops.filter((s) => s.distanceM > 400).length
    const canale2016 = 0.4 * censusAt(springGarden.lat, springGarden.lng)!.transitStops1km!
    expect(transit.method).toMatch(/mean with Can-ALE 2016, \d+ within 1 km$/)
    expect(modelInputs(transit.method)!.stopEquivalents).toBeCloseTo((counted2022 + canale2016) / 2, 1)
  })

  it('outside census tracts, income falls back to the CMA or province median at lower confidence', () => {
    const rural = featuresAt({ lat: 51.5, lng: -107.5, precision: 'coordinates' }).income
    expect(rural.method).toMatch(/province median/)
    expect(rural.confidence).toBe('low')
  })

  it('where no 2022 feed and no 2016 stop count exist (New Brunswick), transit is the documented density fallback', () => {
    const saintJohn = featuresAt({ lat: 45.2733, lng: -66.0633, precision: 'coordinates' }).transit
    expect(saintJohn.method).toMatch(/no stop data here/)
    expect(saintJohn.confidence).toBe('low')
  })
})

describe('vehicle traffic away from a counted section', () => {
  // A point in the middle of a counted section, with that section held out as validation does.
  const section = countedSectionsNear(51.037842, -113.975848, 25)[0]
  const exclude = new Set([section.id])

  it("held out, the section's own count is not used; counted sections of the same road are", () => {
    const signal = featuresAt({ lat: 51.037842, lng: -113.975848, precision: 'coordinates' }, { excludeSections: exclude }).vehicleTraffic
    expect(signal.method).not.toContain(section.secname)
    expect(signal.method).toMatch(/counted sections? of the same road|City of Calgary traffic count/)
  })

  it("an area position (postal code) never takes a counted section's volume", () => {
    const signal = featuresAt({ lat: 51.037842, lng: -113.975848, precision: 'postal_code' }).vehicleTraffic
    expect(signal.method).toMatch(/^modelled: road class/)
  })
})
