import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { dedupe, detectFormat, importStatements, parseAddressFile } from '../../scripts/lib/address-import'
import { memoryAddressPoints } from '../../scripts/lib/memory-address-store'
import { percentile, validate } from '../../research/lib/validate-geocoder'
import { planAddressLookup, resolveAddressLookup } from '../../src/geo/geocode/address-lookup'
import { accuracyOf } from '../../src/geo/geodata/accuracy'
import { hasSharedData, sharedDataSkipReason, sharedFile } from './shared-data'

if (!hasSharedData) console.warn(sharedDataSkipReason)

const geocodeWith = (points: ReturnType<typeof memoryAddressPoints>) => (text: string) => {
  const lookup = planAddressLookup(text)
  return lookup ? resolveAddressLookup(lookup, points(lookup)) : null
}

describe('address files: formats, normalisation, de-duplication', () => {
  it('tells the three layouts apart by their header and refuses others', () => {
    expect(
      detectFormat(
        (
          'latitude,longitude,source_id,id,group_id,street_no,street,str_name,str_type,str_dir,unit,city,postal_code,full_addr,' +
          'city_pcs,str_name_pcs,str_type_pcs,str_dir_pcs,csduid,csdname,pruid,provider'
        ).split(','),
      ),
    ).toBe('oda')
    expect(detectFormat('street_no,unit,street,city,full_addr,city_pcs,provider,lat,lng'.split(','))).toBe('simple')
    expect(detectFormat('address,lat,lng,dissemination_block_id'.split(','))).toBe('single')
    expect(() => detectFormat(['name', 'x', 'y'])).toThrow(/unknown address CSV header/)
  })

  it('normalises case, accents, English and French types and directions to one key', () => {
    const csv = [
      'street_no,street,city,lat,lng',
      '1,KING STREET NORTH,Waterloo,43.46,-80.52',
      '3,King St N,WATERLOO,43.461,-80.52',
      '1000,BOUL RENÉ-LÉVESQUE OUEST,Montréal,45.5,-73.57',
      '1002,boulevard René-Lévesque O,Montreal,45.5,-73.571',
      '5,Main St,Nowhere,10,10',
      ',Main St,Waterloo,43.4,-80.5',
    ].join('\n')
    const parsed = parseAddressFile(csv)
    expect(parsed.skipped).toEqual({ 'coordinates missing or outside Canada': 1, 'no civic number': 1 })
    const keys = parsed.records.map((r) => `${r.cityKey}|${r.nameKey}|${r.typeKey}|${r.dir}`)
    expect(keys).toEqual(['waterloo|king|st|N', 'waterloo|king|st|N', 'montreal|rene levesque|blvd|W', 'montreal|rene levesque|blvd|W'])
  })

  it('merges one address from overlapping providers, keeps a re-used number far away', () => {
    const csv = [
      'street_no,unit,street,city,full_addr,city_pcs,provider,lat,lng',
      '10,,VILLAGE RD,,10 VILLAGE RD,KITCHENER,Kitchener,43.40000,-80.50000',
      '10,,Village Rd,Kitchener,10 Village Rd,KITCHENER,RoW,43.40003,-80.50002',
      '10,,Village Rd,Kitchener,10 Village Rd,KITCHENER,RoW,43.45000,-80.50000',
    ].join('\n')
    const { records, merged } = dedupe(parseAddressFile(csv).records)
    expect(merged).toBe(1)
    expect(records.map((r) => [r.latE5, r.lngE5]).sort()).toEqual([
      [4340002, -8050001],
      [4345000, -8050000],
    ])
  })

  it('replaces a source on re-import: the old points are deleted before the new are written', () => {
    const { records } = dedupe(parseAddressFile('street_no,street,city,lat,lng\n1,Main St,Elmira,43.6,-80.55\n').records)
    const sql = importStatements({ name: "o'brien", file: 'f.csv', sha256: 'x', licence: 'l', importedAt: 't' }, records)
    expect(sql[0]).toMatch(/^INSERT INTO address_sources .* ON CONFLICT\(name\) DO UPDATE/)
    expect(sql[1]).toBe("DELETE FROM address_points WHERE source_id = (SELECT id FROM address_sources WHERE name = 'o''brien');")
    expect(sql[2]).toContain("('elmira','main','st','',1,'',4360000,-8055000)")
  })
})

describe.skipIf(!hasSharedData)('real address files (../shared/data/addresses)', () => {
  it('imports the 22-column ODA file (Yellowknife) and geocodes its addresses', () => {
    const parsed = parseAddressFile(readFileSync(sharedFile('addresses/oda-nt-yellowknife.csv'), 'utf8'))
    expect(parsed.format).toBe('oda')
    expect(parsed.rows).toBe(6996)
    const { records } = dedupe(parsed.records)
    const geocode = geocodeWith(memoryAddressPoints(records))
    const r = geocode('43A Otto Dr, Yellowknife, NT')
    expect(r).toMatchObject({ precision: 'address', accuracyM: accuracyOf('address', 0) })
    expect(Math.abs(r!.lat - 62.47255)).toBeLessThan(0.0001)
  })

  it('imports the single-column Vancouver file and geocodes an "E Broadway" address', () => {
    const parsed = parseAddressFile(readFileSync(sharedFile('addresses/vancouver-property-addresses-subset.csv'), 'utf8'))
    expect(parsed.format).toBe('single')
    expect(parsed.records.length).toBeGreaterThan(0.95 * parsed.rows)
    const geocode = geocodeWith(memoryAddressPoints(dedupe(parsed.records).records))
    const r = geocode('1 E Broadway, Vancouver, BC')
    expect(r?.precision).toBe('address')
    expect(Math.abs(r!.lat - 49.263216)).toBeLessThan(0.0001)
  })

  it('finds ≥ 97 % of held-out Waterloo addresses at address/interpolated precision, interpolated median ≤ 25 m', () => {
    const report = validate(readFileSync(sharedFile('addresses/oda-waterloo-region.csv'), 'utf8'), { share: 0.005 })
    const found = (report.byPrecision.address ?? 0) + (report.byPrecision.interpolated ?? 0)
    expect(found / report.hidden).toBeGreaterThanOrEqual(0.97)
    const errors = report.errors.interpolated.sort((a, b) => a - b)
    expect(percentile(errors, 0.5)).toBeLessThanOrEqual(25)
    expect(percentile(errors, 0.9)).toBeLessThanOrEqual(100)
  }, 120_000)
})
