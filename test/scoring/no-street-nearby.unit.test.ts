// Water and parks where a street network covers the area (features.ts networkShowsNoStreet, IN_PARK): scored
// as POST /score scores coordinates, on the committed GTA street artefacts (services/street-store.ts
// streetsInSightOf and locateStreet over the in-memory store).
import { describe, it, expect } from 'vitest'
import { committedRows } from '../../scripts/lib/geodata-artefacts.mjs'
import { memoryGeodata } from '../../scripts/lib/geodata-memory'
import { buildScoreResult } from '../../src/scoring'
import { scoringStreet } from '../../src/services/street-store'
import { readArtefact, readManifest } from '../../scripts/lib/geodata-artefacts.mjs'

const store = memoryGeodata(...committedRows((a) => a.kind === 'streets' || a.kind === 'addresses'))

async function scoreAt(lat: number, lng: number) {
  const near = await store.streetsInSight(lat, lng)
  const street = scoringStreet(await store.locate(lat, lng))
  return buildScoreResult({
    lat,
    lng,
    address: 'x',
    precision: 'coordinates',
    ...(street && { street }),
    ...(near && { streetsInSight: near.streets }),
    ...(near?.nearestM !== undefined && { networkNearestM: near.nearestM }),
  })
}
const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code)

describe('no street nearby where the network covers the area', () => {
  it.each([
    ['Lake Ontario 1.3 km south of the Toronto Islands', 43.6, -79.4],
    ['Lake Ontario 2 km off the Scarborough Bluffs', 43.68, -79.2],
    ['the Toronto harbour', 43.632, -79.375],
  ])('%s: NO_ROAD_NEARBY, no traffic, no grade A', async (_, lat, lng) => {
    const r = await scoreAt(lat, lng)
    expect(codes(r)).toContain('NO_ROAD_NEARBY')
    expect(r.factorScores.vehicleTraffic.raw.value).toBe(0)
    expect(r.factorScores.pedestrian.raw.value).toBe(0)
    expect(r.overallScore).toBeLessThan(55)
  })

  it('inside a large park (High Park): IN_PARK, no vehicle traffic', async () => {
    const r = await scoreAt(43.6465, -79.4637)
    expect(codes(r)).toContain('IN_PARK')
    expect(r.factorScores.vehicleTraffic.raw.value).toBe(0)
  })

  it('a downtown corner and a shore street are roads', async () => {
    for (const [lat, lng] of [
      [43.670229, -79.386767], // Yonge & Bloor (the City's signal position)
      [43.6389, -79.3818], // Queens Quay W
    ]) {
      const r = await scoreAt(lat, lng)
      expect(codes(r), `${lat},${lng}`).not.toContain('NO_ROAD_NEARBY')
      expect(r.factorScores.vehicleTraffic.raw.value).toBeGreaterThan(1000)
    }
  })

  it('no counted site (every one on a road) reads as no road: a network of main roads only (Edmonton) does not decide', async () => {
    for (const source of ['edmonton-counts', 'vancouver-counts', 'toronto-counts']) {
      const rows = readArtefact(readManifest().artefacts.find((a) => a.source === source)!).filter((_, i) => i % 5 === 0)
      for (const row of rows) {
        const r = await scoreAt(Number(row[2]) / 1e5, Number(row[3]) / 1e5)
        expect(codes(r), `${source} ${row[7]}`).not.toContain('NO_ROAD_NEARBY')
      }
    }
  })
})
