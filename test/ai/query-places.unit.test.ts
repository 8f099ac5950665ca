// Issue 31 item 4: the built-in /ai/query finds the place a question names (a corner written loosely, a
// street, a civic address, a neighbourhood, a postal code) before it falls back to a city point, and
// searches around it. Run in Node on the committed geodata store (scripts/lib/geodata-memory.ts: the
// worker's own geocoder over geodata/store/), scored against known points from independent sources
// (test/ai/fixtures/query-places.json, built by research/build-ai-place-eval.mjs; no ../shared needed).
import { describe, expect, it } from 'vitest'
import { committedRows } from '../../scripts/lib/geodata-artefacts.mjs'
import { memoryGeodata } from '../../scripts/lib/geodata-memory'
import { builtinQuery } from '../../src/services/ai/builtin'
import { evaluatePlaces, type PlaceCase } from '../../src/services/ai/evaluation'
import { distanceM } from '../../src/geo/geodata/geodesy'
import { noReverseGeocoder } from '../../src/services/reverse-geocoder'
import fixture from './fixtures/query-places.json'

const store = memoryGeodata(...committedRows())
/** Every text given to the geocoder and its answer, in order (the test reads where the search was centred). */
const asked: { text: string; hit: Awaited<ReturnType<typeof store.geocode>> }[] = []
const geocoder = {
  geocode: async (text: string) => {
    const hit = await store.geocode(text)
    asked.push({ text, hit })
    return hit
  },
}
const cases = fixture.queries as PlaceCase[]
const ask = (query: string) => builtinQuery(query, geocoder, noReverseGeocoder)

describe('questions that name a place, on the committed geodata store', () => {
  it('has at least 20 questions in six cities, English and French', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20)
    expect(new Set(cases.map((c) => c.city).filter(Boolean)).size).toBeGreaterThanOrEqual(6)
    expect(cases.some((c) => c.lang === 'fr') && cases.some((c) => c.lang === 'en')).toBe(true)
  })

  it('asks the geocoder before any city fall-back; searches within the radius the question implies of the place found', async () => {
    const PRECISE = new Set(['address', 'interpolated', 'intersection', 'street', 'postal_code', 'coordinates'])
    let searched = 0
    for (const c of cases) {
      asked.length = 0
      const answer = await ask(c.query)
      if (answer.intent !== 'find_locations' || !answer.geocodedLocations.length) continue
      // Every question here names a place: the search falls back to the city's gazetteer point only after the
      // geocoder was asked (a landmark or neighbourhood of the curated table needs no geocoder).
      if (!asked.length) expect(answer.notes.join(' '), c.query).not.toMatch(/gazetteer|répertoire/)
      const centre = asked.find((a) => a.hit && PRECISE.has(a.hit.precision))?.hit
      if (!centre) continue
      const radiusM = Number(/within ([\d,]+) m|rayon de ([\d,]+) m/.exec(answer.explanation)?.slice(1).find(Boolean)?.replace(',', ''))
      expect(radiusM, c.query).toBeLessThanOrEqual(1500)
      for (const l of answer.geocodedLocations)
        expect(distanceM(centre.lat, centre.lng, l.lat, l.lng), c.query).toBeLessThanOrEqual(radiusM + 1)
      searched++
    }
    expect(searched).toBeGreaterThanOrEqual(cases.length / 2)
  }, 120_000)

  // Issue 31's goal: ≥ 90 %. Measured 47/48 (97.9 %; 44/48 before Edmonton's counted roads had lines; the first 25
  // questions: 12/25 before the provider read loose corners and postal codes). The miss is the geocoder's street
  // data, not the reading: Calgary's Centre St N is one short piece (the corner is located on one street only).
  it('≥ 90 % of them get every suggestion within 2 km of the known point', async () => {
    const answers = []
    for (const c of cases) answers.push(await ask(c.query))
    const report = evaluatePlaces(cases, answers)
    const cities = Object.entries(report.byCity).map(([city, r]) => `${city} ${r.within}/${r.total}`)
    console.log(
      `ai/query places (builtin, ${report.total} questions): ${(report.within * 100).toFixed(1)} % within 2 km, ` +
        `median farthest suggestion ${report.medianM} m; ${cities.join(', ')}`,
    )
    cases.forEach((c, i) => {
      const m = report.farthestM[i]
      if (m === null || m > 2000) console.log(`  ${m === null ? 'nothing suggested' : `${m} m`} — ${c.query}`)
    })
    expect(report.within).toBeGreaterThanOrEqual(0.9)
  }, 120_000)

  it('the coffee shop near Queen and Spadina: every suggestion within 1.5 km of the corner, none around the city point', async () => {
    const corner = cases.find((c) => c.query.includes('Queen and Spadina'))!.known
    const answer = await ask('Where should I put a sign for my coffee shop near Queen and Spadina in Toronto?')
    expect(answer.intent).toBe('find_locations')
    expect(answer.geocodedLocations).toHaveLength(3)
    for (const l of answer.geocodedLocations) expect(distanceM(corner.lat, corner.lng, l.lat, l.lng)).toBeLessThanOrEqual(1500)
    expect(answer.notes.join(' ')).not.toMatch(/gazetteer position/)
  }, 60_000)

  it('a corner whose streets do not meet in our data is searched on one of them, and the answer says so', async () => {
    const answer = await ask('Best place for a café sign at Centre Street & 16 Avenue N, Calgary')
    expect(answer.geocodedLocations.length).toBeGreaterThan(0)
    expect(answer.notes.join(' ')).toMatch(/"Centre Street & 16 Avenue N": the two streets do not meet in our street data/)
    const good = await ask('Where should I put a sign for my restaurant near 17 Avenue SW and 4 Street SW in Calgary?')
    expect(good.notes.join(' ')).not.toMatch(/do not meet/)
  }, 60_000)

  it('a radius the question names bounds the search', async () => {
    const answer = await ask('Where should I put a sign for my café within 800 m of King & Bay, Toronto?')
    const corner = cases.find((c) => c.query.includes('King & Bay'))!.known
    expect(answer.explanation).toMatch(/within 800 m/)
    for (const l of answer.geocodedLocations) expect(distanceM(corner.lat, corner.lng, l.lat, l.lng)).toBeLessThanOrEqual(800 + 60)
  }, 60_000)
})
