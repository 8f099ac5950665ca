// A small synthetic address store written through the importer's own parse → dedupe → SQL path.
// Streets are straight lines from an origin; civic number n lies n × 5 m along the street, even
// numbers on one side (+12 m) and odd on the other (−12 m), like a real block face. The same records
// feed the memory store of Node tests (./memory-store.ts).
import { dedupe, importStatements, parseAddressFile } from '../../scripts/lib/address-import'

export interface FixtureStreet {
  street: string
  city: string
  origin: [lat: number, lng: number]
  bearingDeg: number
  numbers: number[]
  startM?: number
  metresPerNumber?: number
}

export function pointOf(s: FixtureStreet, n: number): { lat: number; lng: number } {
  const along = (s.startM ?? 0) + n * (s.metresPerNumber ?? 5)
  const side = n % 2 === 0 ? 12 : -12
  const b = (s.bearingDeg * Math.PI) / 180
  const north = along * Math.cos(b) - side * Math.sin(b)
  const east = along * Math.sin(b) + side * Math.cos(b)
  return { lat: s.origin[0] + north / 110_540, lng: s.origin[1] + east / (111_320 * Math.cos((s.origin[0] * Math.PI) / 180)) }
}

export function fixtureCsv(streets: FixtureStreet[]): string {
  const lines = ['street_no,street,city,lat,lng']
  for (const s of streets)
    for (const n of s.numbers) {
      const p = pointOf(s, n)
      lines.push(`${n},${s.street},${s.city},${p.lat.toFixed(6)},${p.lng.toFixed(6)}`)
    }
  return lines.join('\n')
}

/** The CSV's address points as the importer keeps them (parsed, normalised, de-duplicated). */
export const fixtureRecords = (csv: string) => dedupe(parseAddressFile(csv).records).records

export async function loadFixture(db: D1Database, name: string, csv: string): Promise<number> {
  const records = fixtureRecords(csv)
  const statements = importStatements(
    { name, file: `${name}.csv`, sha256: 'fixture', licence: 'test fixture', importedAt: '2026-01-01T00:00:00Z' },
    records,
    200,
  )
  await db.batch(statements.map((sql) => db.prepare(sql)))
  return records.length
}

export const range = (from: number, to: number, skip: number[] = []) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((n) => !skip.includes(n))
