// The address store in memory, with the same answer as the D1 query (src/services/address-store.ts):
// points of the street name in the city written, plus those inside the near box. For the
// validation script and node tests, which run the geocoder without D1.
import { lookupNameKeys, nearBoxE5, type AddressLookup, type AddressPoint, type StoreAnswer } from '../../src/geo/geocode/address-lookup'
import type { AddressRecord } from './address-import'
import { CIVIC_NEIGHBOURS } from '../../src/services/address-store'

export function memoryAddressPoints(records: AddressRecord[]): (lookup: AddressLookup) => StoreAnswer {
  const cities = new Set(records.map((r) => r.cityKey))
  const byName = new Map<string, AddressRecord[]>()
  for (const r of records) {
    const list = byName.get(r.nameKey)
    if (list) list.push(r)
    else byName.set(r.nameKey, [r])
  }
  return (lookup) => {
    const chosen = new Set<AddressRecord>()
    // Like the SQL: for a civic lookup each part keeps the CIVIC_NEIGHBOURS numbers nearest the one asked.
    const civic = lookup.streets.length === 1 ? lookup.civic : undefined
    const take = (rows: AddressRecord[]) => {
      const kept = civic
        ? [...rows].sort((a, b) => Math.abs(a.number - civic.number) - Math.abs(b.number - civic.number)).slice(0, CIVIC_NEIGHBOURS)
        : rows
      for (const r of kept) chosen.add(r)
    }
    for (const nameKey of lookupNameKeys(lookup)) {
      const box = lookup.near ? nearBoxE5(lookup.near) : undefined
      const rows = byName.get(nameKey) ?? []
      if (lookup.cityKey !== undefined) take(rows.filter((r) => r.cityKey === lookup.cityKey))
      if (box) take(rows.filter((r) => r.latE5 >= box[0] && r.latE5 <= box[1] && r.lngE5 >= box[2] && r.lngE5 <= box[3]))
    }
    const out: AddressPoint[] = [...chosen].map((r) => ({
      nameKey: r.nameKey,
      typeKey: r.typeKey,
      dir: r.dir,
      cityKey: r.cityKey,
      number: r.number,
      suffix: r.suffix,
      lat: r.latE5 / 1e5,
      lng: r.lngE5 / 1e5,
    }))
    return { points: out, cityInStore: lookup.cityKey !== undefined && cities.has(lookup.cityKey) }
  }
}
