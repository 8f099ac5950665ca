// The Cities' held-out corners (holdout-corners-*.tsv.gz: spatial blocks never built into the gazetteer or
// the corner lines; scripts/lib/city-corners.ts) as typed intersections, and pairs of Vancouver streets that
// never meet (the City lists every named intersection, so a pair it does not list has none). Pure; used by
// research/validate-corners.mjs.
import polyline from '@mapbox/polyline'
import { streetKeyOfText } from '../../src/geo/geocode/street-key'
import { distanceKm } from '../../src/geo/geodata/text'
import { cityCase } from '../../scripts/lib/city-corners'
import { hash } from '../../scripts/lib/geodata-store-build'
import { metresToLines } from '../../scripts/lib/address-line'
import type { TruthRow } from './intersection-truth'

type LngLat = [number, number]
const keyOf = (text: string) => {
  const k = streetKeyOfText(text)
  return k ? `${k.nameKey}|${k.typeKey}|${k.dir}` : text
}

/**
 * Held-out rows (CORNER_HOLDOUT_COLUMNS) typed as users write them, one form per corner by hash: the City's
 * names in mixed case (`Dufferin St & Finch Ave W, Toronto, ON`), the other order with `and`, or as the City
 * writes them (`DUFFERIN ST AND FINCH AVE W, Toronto`).
 */
export function heldOutTruth(rows: string[][]): TruthRow[] {
  return rows.map(([city, province, a, b, latE5, lngE5, id]) => {
    const form = ['city-amp', 'reversed-and', 'as-written'][hash(`corner-form|${id}`) % 3]
    const typed =
      form === 'city-amp'
        ? `${cityCase(a)} & ${cityCase(b)}, ${city}, ${province}`
        : form === 'reversed-and'
          ? `${cityCase(b)} and ${cityCase(a)}, ${city}`
          : `${a} AND ${b}, ${city}`
    return { set: 'corners held out', city, province, typed, form, points: [[Number(latE5) / 1e5, Number(lngE5) / 1e5]] }
  })
}

/**
 * Toronto held-out corners on the GTA file's hole: one of the two streets has no streets-gta centreline within
 * 50 m of the corner (`gtaRows`: the streets-gta artefact's rows).
 */
export function onHoleRoads(rows: string[][], gtaRows: string[][]): string[][] {
  const lines = new Map<string, LngLat[][]>()
  for (const f of gtaRows) {
    const k = `${f[0]}|${f[1]}|${f[2]}`
    lines.set(k, [...(lines.get(k) ?? []), polyline.decode(f[10], 5).map(([lat, lng]): LngLat => [lng, lat])])
  }
  return rows.filter(([city, , a, b, latE5, lngE5]) => {
    if (city !== 'Toronto') return false
    const at: LngLat = [Number(lngE5) / 1e5, Number(latE5) / 1e5]
    return [a, b].some((s) => metresToLines(lines.get(keyOf(s)) ?? [], ...at) > 50)
  })
}

/**
 * Vancouver pairs that never meet: for each held-out corner A & B, a street C with a City corner within 1 km
 * of it that the City never lists with A (`all`: every corner, gazetteer rows and held-out rows, as
 * [streetA, streetB, latE5, lngE5] of the City's written names). Typed `A & C, Vancouver, BC`.
 */
export function neverMeet(held: string[][], all: [string, string, number, number][]): TruthRow[] {
  const met = new Set(all.flatMap(([a, b]) => [`${keyOf(a)}~${keyOf(b)}`, `${keyOf(b)}~${keyOf(a)}`]))
  const out: TruthRow[] = []
  for (const [city, province, a, , latE5, lngE5, id] of held) {
    if (city !== 'Vancouver') continue
    const lat = Number(latE5) / 1e5
    const lng = Number(lngE5) / 1e5
    const near = [
      ...new Set(
        all
          .filter(([, , la, ln]) => distanceKm(lat, lng, la / 1e5, ln / 1e5) <= 1)
          .flatMap(([x, y]) => [x, y])
          .filter((c) => keyOf(c) !== keyOf(a) && !met.has(`${keyOf(a)}~${keyOf(c)}`) && !/\b(?:LANE|WALKWAY)\b/.test(c)),
      ),
    ].sort()
    if (!near.length) continue
    const c = near[hash(`never-meet|${id}`) % near.length]
    out.push({
      set: 'never meet',
      city,
      province,
      typed: `${cityCase(a)} & ${cityCase(c)}, ${city}, ${province}`,
      form: 'city-amp',
      points: [[lat, lng]],
    })
  }
  return out
}
