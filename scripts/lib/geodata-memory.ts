// The geodata store in memory, answering like D1 (src/services/address-store.ts and street-store.ts)
// and resolved by the worker's own code: for `npm run validate:geocoder` and node tests, which run
// the geocoder on the committed artefacts without wrangler.
import { lookupNameKeys, planAddressLookup, resolveAddressLookup, type AddressLookup, type StoreAnswer } from '../../src/geo/address-lookup'
import { geocodeOffline, type GeocodeResult } from '../../src/geo/geocode'
import { cellOf, cellsAround } from '../../src/geo/store-format'
import { decodePiece, type StreetPiece } from '../../src/geo/street-pieces'
import { boxAround } from '../../src/geo/text'
import type { AddressRecord } from './address-import'
import { memoryAddressPoints } from './memory-address-store'

interface StreetRow {
  source: string
  fields: string[]
}

/** Address artefact rows (ADDRESS_COLUMNS) → importer records. */
export function addressRecordsOf(rows: string[][]): AddressRecord[] {
  return rows.map(([cityKey, nameKey, typeKey, dir, n, suffix, lat, lng]) => ({
    cityKey,
    nameKey,
    typeKey,
    dir,
    number: Number(n),
    suffix,
    latE5: Number(lat),
    lngE5: Number(lng),
    street: '',
    city: '',
  }))
}

export function memoryGeodata(addressRows: string[][], streetRows: StreetRow[]) {
  const points = memoryAddressPoints(addressRecordsOf(addressRows))
  const byName = new Map<string, StreetRow[]>()
  const cells = new Set<number>()
  for (const row of streetRows) {
    const list = byName.get(row.fields[0]) ?? []
    list.push(row)
    byName.set(row.fields[0], list)
    cells.add(Number(row.fields[5]))
  }
  const decoded = new WeakMap<StreetRow, StreetPiece>()
  const piece = (r: StreetRow) => {
    let p = decoded.get(r)
    if (!p) {
      const [nameKey, typeKey, dir, name, roadClass, , , , , , line] = r.fields
      p = decodePiece({ source: r.source, nameKey, typeKey, dir, name, roadClass: Number(roadClass), line })
      decoded.set(r, p)
    }
    return p
  }
  const answer = (lookup: AddressLookup): StoreAnswer => {
    const base = points(lookup)
    const near = lookup.near
    if (!near) return base
    const [minLng, minLat, maxLng, maxLat] = boxAround(near.lat, near.lng, near.radiusKm).map((d) => d * 1e5)
    const pieces = lookupNameKeys(lookup).flatMap((key) =>
      (byName.get(key) ?? [])
        .filter((r) => {
          const [a, b, c, d] = r.fields.slice(6, 10).map(Number)
          return a >= minLat - 300 && a <= maxLat && d >= minLng && b <= maxLng && c >= 0
        })
        .map(piece),
    )
    return { ...base, pieces, streetsInArea: cellsAround(near.lat, near.lng).some((c) => cells.has(c)) }
  }
  return {
    answer,
    geocode(text: string): GeocodeResult | null {
      const lookup = planAddressLookup(text)
      return lookup ? resolveAddressLookup(lookup, answer(lookup)) : geocodeOffline(text)
    },
    hasCell: (lat: number, lng: number) => cells.has(cellOf(lat, lng)),
  }
}
