// Counted volumes from the geodata store (Edmonton AAWDT sites, Vancouver intersection counts) are a
// point's measured traffic within COUNT_SNAP_M, found as POST /score finds them (services/count-store.ts
// countsNear) on the committed artefacts (geodata/store/counts-*.tsv.gz).
import { describe, it, expect } from 'vitest'
import { committedRows, readArtefact, readManifest } from '../../scripts/lib/geodata-artefacts.mjs'
import { memoryGeodata } from '../../scripts/lib/geodata-memory'
import { COUNT_SNAP_M, type MeasuredCount } from '../../src/geo/signals'
import { buildScoreResult } from '../../src/scoring'
import { TRAFFIC_MODEL } from '../../src/geo/signals'
import { VEHICLE_OCCUPANCY } from '../../src/scoring/audience'

const store = memoryGeodata([], [], committedRows((a) => a.kind === 'counts')[2])
const rowsOf = (source: string) => readArtefact(readManifest().artefacts.find((a) => a.source === source)!)
// A busy Edmonton site, and a Vancouver intersection with pedestrians counted, with no other count within 250 m.
const alone = (rows: string[][], i: number) =>
  rows.every((r, j) => j === i || Math.hypot(Number(r[2]) - Number(rows[i][2]), (Number(r[3]) - Number(rows[i][3])) * 0.6) > 250)
const edmonton = rowsOf('edmonton-counts').filter((r, i, all) => Number(r[4]) > 10_000 && alone(all, i))[0]
const vancouver = rowsOf('vancouver-counts').filter((r, i, all) => r[5] !== '' && alone(all, i))[0]
const at = (row: string[], northM = 0) => ({ lat: Number(row[2]) / 1e5 + northM / 111_200, lng: Number(row[3]) / 1e5 })

async function score(p: { lat: number; lng: number }, precision: 'coordinates' | 'address' | 'postal_code' = 'coordinates') {
  const measuredCounts = await store.countsNear(p.lat, p.lng, precision)
  return buildScoreResult({ ...p, address: 'x', precision, ...(measuredCounts && { measuredCounts }) })
}

describe('measured counts from the geodata store', () => {
  it('a point at a counted Edmonton site takes its AAWDT 2019, with high confidence and the counted interval', async () => {
    const r = await score(at(edmonton, 12))
    const raw = r.factorScores.vehicleTraffic.raw
    expect(raw.method).toBe(`measured: City of Edmonton AAWDT 2019, ${edmonton[7]}, 12 m`)
    expect(raw.value).toBe(Math.round(Number(edmonton[4]) / 100) * 100)
    expect(raw.confidence).toBe('high')
    expect(r.audience.sources).toContain('edmontonTraffic')
    const low = raw.value * Math.exp(TRAFFIC_MODEL.measured.residualP10) * VEHICLE_OCCUPANCY
    expect(r.audience.interval.low).toBeGreaterThanOrEqual(Math.round(low / 100) * 100)
  })

  it('a point 200 m away, or beyond the snap distance, is modelled', async () => {
    for (const northM of [200, COUNT_SNAP_M + 5]) {
      const r = await score(at(edmonton, northM))
      expect(r.factorScores.vehicleTraffic.raw.method, `${northM} m`).toMatch(/^modelled: /)
    }
  })

  it('an address result at the site agrees with the coordinates; a postal-code position never takes a count', async () => {
    const coords = await score(at(edmonton, 5))
    const address = await score(at(edmonton, 5), 'address')
    expect(address.factorScores.vehicleTraffic.raw).toEqual(coords.factorScores.vehicleTraffic.raw)
    const postal = await score(at(edmonton, 5), 'postal_code')
    expect(postal.factorScores.vehicleTraffic.raw.method).toMatch(/^modelled: /)
    // Even handed the counts, the engine uses none at an area position.
    const count: MeasuredCount = { source: 'edmonton-counts', kind: 'site', ...at(edmonton), vehicles: 99_999, year: 2019, name: 'x' }
    const forced = buildScoreResult({ ...at(edmonton), address: 'x', precision: 'postal_code', measuredCounts: [count] })
    expect(forced.factorScores.vehicleTraffic.raw.method).toMatch(/^modelled: /)
  })

  it('a Vancouver corner takes the intersection count: every approach’s vehicles, and its pedestrians', async () => {
    const r = await score(at(vancouver, 15))
    expect(r.factorScores.vehicleTraffic.raw.method).toMatch(
      /^measured: City of Vancouver turning-movement count \d{4}, .*entering vehicles/,
    )
    // The audience takes every approach; the vehicle factor the busier street's typical share (no Vancouver network in the store).
    expect(r.audience.dailyVehicles).toBe(Math.round(Number(vancouver[4]) / 100) * 100)
    expect(r.factorScores.vehicleTraffic.raw.value).toBe(Math.round((Number(vancouver[4]) * 0.6) / 100) * 100)
    const ped = r.factorScores.pedestrian.raw
    expect(ped.method).toMatch(/^measured: City of Vancouver turning-movement count .*pedestrians crossing every crosswalk/)
    const counted = Number(vancouver[5])
    expect(ped.value).toBe(counted >= 1000 ? Math.round(counted / 100) * 100 : counted)
    expect(r.audience.method).toContain('pedestrians/day (counted)')
  })
})

describe('measured counts: City of Toronto signals', () => {
  const toronto = rowsOf('toronto-counts').filter((r, i, all) => r[0] === 'intersection' && Number(r[5]) > 1000 && alone(all, i))[0]
  it('a corner within 30 m takes the signal count: vehicles and pedestrians expanded from 8 hours, the factor quoted', async () => {
    const r = await score(at(toronto, 10))
    const raw = r.factorScores.vehicleTraffic.raw
    expect(raw.method).toMatch(/^measured: City of Toronto signal count \d{4}, .+, every approach's vehicles \(8 hours × 1\.9\)/)
    // No street known here (counts only): the busier street's typical share of every approach.
    expect(raw.value).toBe(Math.round((Number(toronto[4]) * 0.6) / 100) * 100)
    expect(raw.method).toMatch(/busier street 60 % typical$/)
    expect(r.audience.dailyVehicles).toBe(Math.round(Number(toronto[4]) / 100) * 100)
    expect(r.factorScores.pedestrian.raw.value).toBe(Math.round(Number(toronto[5]) / 100) * 100)
    expect(r.factorScores.pedestrian.raw.method).toMatch(/^measured: City of Toronto signal count .*\(8 hours × 1\.5\), 10 m$/)
    expect(r.audience.sources).toContain('torontoCounts')
    expect(r.dataSources.torontoCounts.licence).toMatch(/Open Government Licence – Toronto/)
  })
  it('40 m away the model stands', async () => {
    expect((await score(at(toronto, 40))).factorScores.vehicleTraffic.raw.method).toMatch(/^modelled: /)
  })
})
