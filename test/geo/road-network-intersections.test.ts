// Intersections where no address points are loaded: the bundled Ottawa Road Network File (2021)
// supplies the street centrelines. The expected crossings are the RNF's own shared vertices.
import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { geocoderFor } from '../../src/services/geocoder'
import { distanceKm } from '../../src/geo/geodata/text'
import { call, createKey } from '../helpers/api'

const geocode = (text: string) => geocoderFor({ DB: env.DB, KEYS: undefined as unknown as KVNamespace }).geocode(text)
const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a.lat, a.lng, b.lat, b.lng) * 1000

const BANK_SOMERSET = { lat: 45.41535, lng: -75.69641 }
const CARLING_MERIVALE = { lat: 45.38685, lng: -75.7323 }

describe('intersections from the Ottawa road network (empty address store)', () => {
  for (const form of [
    'Bank St & Somerset St W, Ottawa, ON',
    'Bank and Somerset, Ottawa',
    'Somerset St W / Bank St, Ottawa ON',
    'coin Bank et Somerset, Ottawa',
  ]) {
    it(`"${form}" is located at the crossing`, async () => {
      const result = await geocode(form)
      expect(result?.precision).toBe('intersection')
      expect(metres(result!, BANK_SOMERSET)).toBeLessThan(30)
      expect(result!.accuracyM).toBeLessThanOrEqual(30)
    })
  }

  it('a crossing with several vertices (a wide junction) still resolves', async () => {
    const result = await geocode('Carling Ave at Merivale Rd, Ottawa, ON')
    expect(result?.precision).toBe('intersection')
    expect(metres(result!, CARLING_MERIVALE)).toBeLessThan(80)
  })

  it('two Ottawa streets that never meet fall back to an area position, not a made-up crossing', async () => {
    const result = await geocode('Bank St & Carling Ave W & nowhere, Ottawa')
    expect(result?.precision).not.toBe('intersection')
    const parallel = await geocode('Somerset St W & Gladstone Ave, Ottawa, ON')
    expect(parallel?.precision).not.toBe('intersection')
  })

  it('an intersection where no geometry is loaded stays at the city position but keeps its streets for road class', async () => {
    const { key } = await createKey('free')
    const res = await call('/api/v1/score', { key, body: { address: 'Yonge and Dundas, Toronto' } })
    expect(res.status).toBe(200)
    expect(res.json.precision).toBe('city')
    expect(res.json.address).toMatch(/^Yonge.*&.*Dundas.*, Toronto/)
    // Yonge is a major arterial: the street, not a guess from the city position, sets the class.
    expect(res.json.factorScores.roadClass.raw.value).toBeGreaterThanOrEqual(4)
    expect(res.json.factorScores.roadClass.raw.method).toMatch(/^street/)
  })

  it('POST /score scores the crossing as an exact position', async () => {
    const { key } = await createKey('free')
    const res = await call('/api/v1/score', { key, body: { address: 'Bank St & Somerset St W, Ottawa, ON' } })
    expect(res.status).toBe(200)
    expect(res.json.precision).toBe('intersection')
    expect(metres(res.json, BANK_SOMERSET)).toBeLessThan(30)
  })
})
