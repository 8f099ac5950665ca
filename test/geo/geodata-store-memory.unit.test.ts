// The geodata store's in-memory adapter (scripts/lib/geodata-memory.ts: validations, benches, node tests)
// held to the port's conformance suite; geodata-store-d1.test.ts holds the worker's D1 adapter to the same.
import { memoryGeodata } from '../../scripts/lib/geodata-memory'
import { FIXTURE, geodataStoreConformance } from '../helpers/geodata-store-conformance'

const rows = (source: string, list: string[][]) => list.map((fields) => ({ source, fields }))
const memory = memoryGeodata(
  FIXTURE.addresses,
  Object.entries(FIXTURE.streets).flatMap(([source, list]) => rows(source, list)),
  rows('fixture-counts', FIXTURE.counts),
  rows('fixture-corners', FIXTURE.corners),
)
geodataStoreConformance('memory', async () => memory.store)
