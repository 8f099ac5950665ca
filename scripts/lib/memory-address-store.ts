// The address store in memory, with the same answer as the D1 query (src/services/address-store.ts):
// points of the street name in the city written, plus those inside the near box. For the
// validation script and node tests, which run the geocoder without D1.
import { nearBoxE5, type AddressLookup, type AddressPoint, type StoreAnswer } from '../../src/geo/address-lookup'
import type { AddressRecord } from './address-import'

export function memoryAddressPoints(records: AddressRecord[]): (lookup: AddressLookup) => StoreAnswer {
  const cities = new Set(records.map((r) => r.cityKey))
  const byName = new Map<string, AddressRecord[]>()
  for (const r of records) {
    const list = byName.get(r.nameKey)
    if (list) list.push(r)
    else byName.set(r.nameKey, [r])
  }
  return (lookup) => {
    const out: AddressPoint[] = []
    for (const nameKey of new Set(lookup.streets.map((s) => s.nameKey))) {
      const box = lookup.near ? nearBoxE5(lookup.near) : undefined
      for (const r of byName.get(nameKey) ?? []) {
        const inCity = lookup.cityKey !== undefined && r.cityKey === lookup.cityKey
        const inBox = box && r.latE5 >= box[0] && r.latE5 <= box[1] && r.lngE5 >= box[2] && r.lngE5 <= box[3]
        if (inCity || inBox) out.push({ nameKey: r.nameKey, typeKey: r.typeKey, dir: r.dir, cityKey: r.cityKey, number: r.number, suffix: r.suffix, lat: r.latE5 / 1e5, lng: r.lngE5 / 1e5 })
      }
    }
    return { points: out, cityInStore: lookup.cityKey !== undefined && cities.has(lookup.cityKey) }
  }
}
