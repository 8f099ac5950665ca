// The geodata store's D1 adapter (src/services/geodata-store.ts), loaded with the fixture by the loader's
// own SQL (scripts/lib/geodata-sql.mjs), held to the port's conformance suite; the in-memory adapter
// passes the same suite in Node (geodata-store-memory.unit.test.ts).
import { env } from 'cloudflare:workers'
import { beforeAll } from 'vitest'
import { artefactStatements } from '../../scripts/lib/geodata-sql.mjs'
import { d1GeodataStore } from '../../src/services/geodata-store'
import { FIXTURE, geodataStoreConformance } from '../helpers/geodata-store-conformance'

const entry = (source: string, kind: 'addresses' | 'streets' | 'counts' | 'corners') => ({
  source,
  kind,
  file: `${source}.tsv`,
  sha256: 'fixture',
  licence: 'test fixture',
})

beforeAll(async () => {
  const statements = [
    ...artefactStatements(entry('fixture', 'addresses'), FIXTURE.addresses),
    ...Object.entries(FIXTURE.streets).flatMap(([source, list]) => artefactStatements(entry(source, 'streets'), list)),
    ...artefactStatements(entry('fixture-counts', 'counts'), FIXTURE.counts),
    ...artefactStatements(entry('fixture-corners', 'corners'), FIXTURE.corners),
  ]
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)))
})

geodataStoreConformance('D1', async () => d1GeodataStore(env.DB))
