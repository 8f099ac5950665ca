// The geodata store's memory adapter (scripts/lib/geodata-memory.ts) for Node tests of geocoding and
// scoring, loaded with the same fixtures the D1 tests load: address CSVs through the importer's parse and
// dedupe (./address-fixture.ts), street lines through the build's pieceRows (./street-fixture.ts), corner
// and count rows as the artefacts write them. The conformance suite holds this adapter to D1's answers
// (test/geo/geodata-store-*.test.ts), so what these tests see is what the worker answers.
// Fixtures may be added between tests, as a D1 test loads more rows: the store answers from all of them.
import { memoryGeodata } from '../../scripts/lib/geodata-memory'
import { pieceFields, type StreetPieceRow } from '../../scripts/lib/geodata-store-streets'
import { ScoreRequestSchema } from '../../src/routes/score'
import { DEFAULT_WEIGHTS, ScoreResultSchema, scoreResultJson } from '../../src/scoring'
import type { GeodataStore } from '../../src/services/geodata-store'
import { scoreLocation } from '../../src/services/scoring'
import { fixtureRecords } from './address-fixture'
import { streetFixtureRows, type FixtureLine } from './street-fixture'

type Row = { source: string; fields: string[] }
const rowsOf = (source: string, rows: readonly (readonly (string | number)[])[]): Row[] =>
  rows.map((r) => ({ source, fields: r.map(String) }))

export function memoryStore() {
  const addresses: string[][] = []
  const streets: Row[] = []
  const counts: Row[] = []
  const corners: Row[] = []
  let built: ReturnType<typeof memoryGeodata> | undefined
  const current = () => {
    built ??= memoryGeodata(addresses, streets, counts, corners)
    return built.store
  }
  const store: GeodataStore = {
    addressPoints: (lookup) => current().addressPoints(lookup),
    streets: {
      named: (nameKeys, near) => current().streets.named(nameKeys, near),
      around: (lat, lng, rings) => current().streets.around(lat, lng, rings),
    },
    nearestPoint: (lat, lng, maxM, exceptNameKey) => current().nearestPoint(lat, lng, maxM, exceptNameKey),
    corners: (nameKeys, near) => current().corners(nameKeys, near),
    counts: { inCells: (cells) => current().counts.inCells(cells) },
  }
  /** What the services take (services/geodata-store.ts geodataOf): this store, no D1, no KV, no live geocoder. */
  const env = { geodata: store }
  return {
    store,
    env,
    /**
     * POST /score's answer on this store, as the route sends it: the body checked by the route's schema, scored
     * by the route's one service, serialised as the route serialises it and held to the route's response schema
     * (as test/helpers/api.ts holds every response). A body the schema refuses throws its ZodError; a location
     * that cannot be scored, the ApiError the route turns into its 4xx (the envelope is tested in workerd).
     */
    async score(body: unknown): Promise<any> {
      const { address, lat, lng, weights, sign } = ScoreRequestSchema.parse(body)
      const result = await scoreLocation(env, { address, lat, lng }, weights ?? DEFAULT_WEIGHTS, { sign })
      const json = JSON.parse(scoreResultJson(result))
      ScoreResultSchema.parse(json)
      return json
    },
    /** An address CSV (./address-fixture.ts fixtureCsv), as loadFixture imports it into D1. */
    addAddresses(csv: string) {
      for (const r of fixtureRecords(csv))
        addresses.push([r.cityKey, r.nameKey, r.typeKey, r.dir, String(r.number), r.suffix, String(r.latE5), String(r.lngE5)])
      built = undefined
    },
    /** Street centrelines, as loadStreetFixture loads them into D1. */
    addStreets(source: string, lines: FixtureLine[]) {
      streets.push(...rowsOf(source, streetFixtureRows(lines)))
      built = undefined
    },
    /** Street pieces as a build step writes them (scripts/lib/geodata-store-streets.ts pieceRows). */
    addStreetRows(source: string, rows: readonly StreetPieceRow[]) {
      streets.push(...rowsOf(source, rows.map(pieceFields)))
      built = undefined
    },
    /** Corner artefact rows (CORNER_COLUMNS). */
    addCorners(source: string, rows: readonly (readonly (string | number)[])[]) {
      corners.push(...rowsOf(source, rows))
      built = undefined
    },
    /** Count artefact rows (COUNT_COLUMNS). */
    addCounts(source: string, rows: readonly (readonly (string | number)[])[]) {
      counts.push(...rowsOf(source, rows))
      built = undefined
    },
  }
}
