// Street centrelines in the test D1, written by the geodata build's own code (pieceRows) and the
// loader's own SQL (artefactStatements), like `npm run load:geodata` does with the real artefacts; the
// same rows feed the memory store of Node tests (./memory-store.ts).
import { artefactStatements } from '../../scripts/lib/geodata-sql.mjs'
import { pieceFields, pieceRows } from '../../scripts/lib/geodata-store-streets'
import { streetKeyOfText } from '../../src/geo/geocode/street-key'

export interface FixtureLine {
  /** As the source writes it: "Yonge Street", "Rue Peel", or a bare RNF name body ("Rideau"). */
  name: string
  roadClass?: number
  /** [lat, lng] vertices. */
  points: [number, number][]
  /** Untyped network names (Ottawa RNF): the name body is the whole key. */
  untyped?: boolean
}

/** The lines as street artefact rows (the columns of src/geo/geodata/store-format.ts), as the build writes them. */
export function streetFixtureRows(lines: FixtureLine[]): (string | number)[][] {
  return lines.flatMap((l) => {
    const key = l.untyped ? { nameKey: l.name.toLowerCase(), typeKey: '', dir: '' } : streetKeyOfText(l.name)
    if (!key) throw new Error(`fixture street without a name: ${l.name}`)
    return pieceRows(
      key,
      l.name,
      l.roadClass,
      l.points.map(([lat, lng]) => [lng, lat]),
    ).map(pieceFields)
  })
}

export async function loadStreetFixture(db: D1Database, source: string, lines: FixtureLine[]): Promise<number> {
  const rows = streetFixtureRows(lines)
  const statements = artefactStatements(
    { source, kind: 'streets', file: `${source}.tsv`, sha256: 'fixture', licence: 'test fixture' },
    rows,
  )
  await db.batch(statements.map((sql) => db.prepare(sql)))
  return rows.length
}

/** A point `metres` east and `north` of (lat, lng). */
export function offset([lat, lng]: [number, number], eastM: number, northM: number): [number, number] {
  return [lat + northM / 110_540, lng + eastM / (111_320 * Math.cos((lat * Math.PI) / 180))]
}
