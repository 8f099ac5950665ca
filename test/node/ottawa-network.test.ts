// The Ottawa Road Network File (2021) as the geodata store carries it (geodata/store/streets-ottawa,
// source `ottawa`), resolved by the worker's own code on the committed artefact with no address points:
// intersections where its centrelines cross, and the street (with its network class) that POST /score
// finds at a coordinate. The expected crossings are the RNF's own shared vertices. Needs no ../shared.
import { describe, expect, it } from 'vitest'
import { committedRows } from '../../scripts/lib/geodata-artefacts.mjs'
import { memoryGeodata } from '../../scripts/lib/geodata-memory'
import { distanceM } from '../../src/geo/geodata/geodesy'
import { scoringStreet } from '../../src/services/street-store'

const store = memoryGeodata(...committedRows((a) => a.source === 'ottawa'))
const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceM(a.lat, a.lng, b.lat, b.lng)

const BANK_SOMERSET = { lat: 45.41535, lng: -75.69641 }
const CARLING_MERIVALE = { lat: 45.38685, lng: -75.7323 }

describe('intersections from the Ottawa road network (no address points)', () => {
  for (const form of [
    'Bank St & Somerset St W, Ottawa, ON',
    'Bank and Somerset, Ottawa',
    'Somerset St W / Bank St, Ottawa ON',
    'coin Bank et Somerset, Ottawa',
  ]) {
    it(`"${form}" is located at the crossing`, () => {
      const result = store.geocode(form)
      expect(result?.precision).toBe('intersection')
      expect(metres(result!, BANK_SOMERSET)).toBeLessThan(30)
      expect(result!.accuracyM).toBeLessThanOrEqual(30)
    })
  }

  it('a crossing with several vertices (a wide junction) still resolves', () => {
    const result = store.geocode('Carling Ave at Merivale Rd, Ottawa, ON')
    expect(result?.precision).toBe('intersection')
    expect(metres(result!, CARLING_MERIVALE)).toBeLessThan(80)
  })

  it('two Ottawa streets that never meet fall back to an area position, not a made-up crossing', () => {
    expect(store.geocode('Somerset St W & Gladstone Ave, Ottawa, ON')?.precision).not.toBe('intersection')
  })
})

describe('the street at a coordinate carries the network class to scoring', () => {
  it('a point beside Bank St in the Glebe gets Bank with the RNF arterial class; Adelaide St 300 m east a local class', async () => {
    const bank = scoringStreet(await store.locate(45.401997, -75.687805))
    const adelaide = scoringStreet(await store.locate(45.402027, -75.683949))
    expect(bank).toMatchObject({ name: 'Bank', classSource: 'Statistics Canada Road Network File 2021 (Ottawa)' })
    expect(adelaide).toMatchObject({ name: 'Adelaide', classSource: 'Statistics Canada Road Network File 2021 (Ottawa)' })
    expect(bank!.roadClass! - adelaide!.roadClass!).toBeGreaterThanOrEqual(2)
    expect(bank!.offsetM).toBeLessThan(30)
  })

  it('a point far from any street of the network gets no street (the engine then infers the class)', async () => {
    expect(await store.locate(45.05, -76.3)).toBeUndefined()
  })

  it('an address written with the coordinates restricts the answer to its own street', async () => {
    const somerset = await store.locate(BANK_SOMERSET.lat, BANK_SOMERSET.lng, { nameKey: 'somerset' })
    expect(somerset?.name).toBe('Somerset')
  })
})
