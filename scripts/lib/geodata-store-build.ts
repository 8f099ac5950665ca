// Open-data address files → the geodata store's address points and held-out addresses (streets:
// geodata-store-streets.ts). Pure: the CLI (scripts/build-geodata-store.mjs) reads ../shared/data and
// writes the artefacts. Street names go through the worker's own parser (src/geo/geocode/address.ts, street-key.ts),
// so a stored key and a typed key are made by the same code.
import { parseCivicNumber, streetKeyOfText, type StreetKey } from '../../src/geo/geocode/street-key'
import { normalizeName } from '../../src/geo/geodata/text'
import { dedupe, parseAddressFile, recordKey, type AddressRecord } from './address-import'
import { csvRecords } from './csv.mjs'

export { recordKey }

export interface HeldOut {
  /** recordKey of the civic address: removed from every source, not only the one it was sampled from. */
  key: string
  number: string
  street: string
  city: string
  province: string
  postcode: string
  latE5: number
  lngE5: number
}

/** FNV-1a: the same addresses are held out on every run and machine (chosen before any tuning). */
export function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** Per city: 2 % of its civic addresses, at least 300 where that is at most 10 % of them. */
export function holdoutShare(addressesInCity: number): number {
  return Math.min(0.1, Math.max(0.02, 300 / Math.max(1, addressesInCity)))
}

const title = (s: string) => s.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase())

// The addresses a user tried in issue 21 ("Why"): kept in the store whatever their hash, so that the
// documented examples resolve at address precision. City, street name key and number.
const DOCUMENTED_EXAMPLES = new Set([
  'toronto|queen|100',
  'toronto|yonge|12',
  'montreal|saint laurent|480',
  'gatineau|alexandre tache|28',
  'hamilton|king|40',
  'quebec|12e rue|334',
  'vancouver|robson|1000',
  'yellowknife|burwash|22',
  'waterloo|king|75',
])

/**
 * Splits de-duplicated records into the store's rows and the held-out addresses (every point of a
 * held-out civic address leaves the store). `typed` turns a record into what a user would type.
 * `salt` draws another sample the same way (the calibration folds of research/calibrate-geocoder.mjs).
 */
export function splitHoldout(
  records: AddressRecord[],
  typed: (r: AddressRecord) => Omit<HeldOut, 'key' | 'latE5' | 'lngE5'>,
  salt = '',
): { kept: AddressRecord[]; heldOut: HeldOut[] } {
  const perCity = new Map<string, Set<string>>()
  for (const r of records) {
    const set = perCity.get(r.cityKey) ?? new Set()
    set.add(recordKey(r))
    perCity.set(r.cityKey, set)
  }
  const kept: AddressRecord[] = []
  const heldOut: HeldOut[] = []
  const seen = new Set<string>()
  for (const r of records) {
    const key = recordKey(r)
    const share = holdoutShare(perCity.get(r.cityKey)!.size)
    if (hash(salt + key) % 10_000 >= share * 10_000 || DOCUMENTED_EXAMPLES.has(`${r.cityKey}|${r.nameKey}|${r.number}`)) {
      kept.push(r)
      continue
    }
    if (seen.has(key)) continue // one typed address per civic address; its first point is the truth
    seen.add(key)
    heldOut.push({ ...typed(r), key, latE5: r.latE5, lngE5: r.lngE5 })
  }
  return { kept, heldOut }
}

/** ODA and Vancouver files through the importer's parser; typed back in title case. */
export function addressFileRecords(
  text: string,
  province: string,
  salt = '',
): { records: AddressRecord[]; rows: number; heldOut: HeldOut[] } {
  const parsed = parseAddressFile(text)
  const { records } = dedupe(parsed.records)
  const { kept, heldOut } = splitHoldout(
    records,
    (r) => ({
      number: `${r.number}${r.suffix}`,
      street: title(r.street),
      city: title(r.city),
      province,
      postcode: '',
    }),
    salt,
  )
  return { records: kept, rows: parsed.rows, heldOut }
}

/**
 * OpenStreetMap house numbers → civic numbers: plain ("12", "43A", "258 B", "18-A"), Gatineau's
 * "25(3)", lists ("4511,4513"), and "a-b": a range of doors in Québec ("6660-6670" gives both ends),
 * elsewhere a unit before the civic number ("101-375" gives 375). Halves and odd forms are skipped.
 */
export function osmCivicNumbers(text: string, province: string): { number: number; suffix: string }[] {
  const t = text.trim()
  if (/[,;]/.test(t)) return t.split(/[,;]/).flatMap((part) => osmCivicNumbers(part, province))
  const paren = t.match(/^(\d+)\s*\(\w+\)$/)
  if (paren) return [{ number: Number(paren[1]), suffix: '' }]
  const letter = t.match(/^(\d+)\s*-?\s*([A-Za-z])$/)
  if (letter) return [{ number: Number(letter[1]), suffix: letter[2].toUpperCase() }]
  const range = t.match(/^(\d+)\s*-\s*(\d+)$/)
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])]
    if (province === 'QC' && b > a && b - a <= 60) return [a, b].map((number) => ({ number, suffix: '' }))
    return [{ number: b, suffix: '' }]
  }
  const civic = parseCivicNumber(t)
  return civic ? [civic] : []
}

/** addresses/osm-canada-cities.csv → records (city as the file names it) and held-out addresses with their postcodes. */
export function osmAddressRecords(text: string, salt = ''): { records: AddressRecord[]; rows: number; heldOut: HeldOut[] } {
  const [header = [], ...lines] = csvRecords(text)
  const col = Object.fromEntries(header.map((h, i) => [h, i]))
  const raw: AddressRecord[] = []
  const postcodeOf = new Map<AddressRecord, string>()
  const provinceOf = new Map<string, string>()
  const keyOf = new Map<string, StreetKey | undefined>()
  let rows = 0
  for (const f of lines) {
    rows++
    const [province, city, numberText, street, postcode] = ['province', 'city', 'number', 'street', 'postcode'].map((c) => f[col[c]] ?? '')
    if (!keyOf.has(street)) keyOf.set(street, streetKeyOfText(street))
    const key = keyOf.get(street)
    const lat = Number(f[col.lat])
    const lng = Number(f[col.lng])
    if (!key || !Number.isFinite(lat) || !Number.isFinite(lng)) continue
    const cityKey = normalizeName(city)
    provinceOf.set(cityKey, province)
    for (const civic of osmCivicNumbers(numberText, province)) {
      const r: AddressRecord = { ...key, cityKey, ...civic, latE5: Math.round(lat * 1e5), lngE5: Math.round(lng * 1e5), street, city }
      raw.push(r)
      postcodeOf.set(r, postcode.toUpperCase().replace(/^([A-Z]\d[A-Z])\s*(\d[A-Z]\d)$/, '$1 $2'))
    }
  }
  const { records } = dedupe(raw)
  const postcodeByKey = new Map(raw.map((r) => [recordKey(r), postcodeOf.get(r) ?? '']))
  const { kept, heldOut } = splitHoldout(
    records,
    (r) => ({
      number: `${r.number}${r.suffix}`,
      street: r.street,
      city: r.city,
      province: provinceOf.get(r.cityKey) ?? '',
      postcode: /^[A-Z]\d[A-Z] \d[A-Z]\d$/.test(postcodeByKey.get(recordKey(r)) ?? '') ? postcodeByKey.get(recordKey(r))! : '',
    }),
    salt,
  )
  return { records: kept, rows, heldOut }
}

export function sortRecords(records: AddressRecord[]): AddressRecord[] {
  return records.sort((a, b) => {
    const ka = recordKey(a)
    const kb = recordKey(b)
    return ka < kb ? -1 : ka > kb ? 1 : a.latE5 - b.latE5 || a.lngE5 - b.lngE5
  })
}
