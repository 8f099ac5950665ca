// The committed measured-data artefacts decode to what the raw open-data files say (on samples).
import { beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { hasSharedData, sharedDataSkipReason, sharedFile } from './shared-data'
import { loadMeasured, type MeasuredModule } from './measured-bundle'
import { seededRandom } from '../../scripts/lib/seeded-random.mjs'

if (!hasSharedData) console.warn(sharedDataSkipReason)

const csvRows = (relative: string): Record<string, string>[] => {
  const [header, ...lines] = readFileSync(sharedFile(relative), 'utf8').trim().split('\n')
  const names = header.split(',')
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])))
}
// The traffic files quote their WKT field, which holds commas: split off the first four fields only.
const csvRowsWkt = (relative: string): Record<string, string>[] =>
  readFileSync(sharedFile(relative), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [year, secname, volume] = line.split(',', 3)
      return { year, secname, volume }
    })
const rand = seededRandom(11)

describe.skipIf(!hasSharedData)('measured artefacts against the raw files', () => {
  let m: MeasuredModule
  beforeAll(async () => {
    m = await loadMeasured()
  })

  it('census.bin keeps every DA with measures, its position to 1e-4° and its measures to 0.5 %', () => {
    const raw = csvRows('da2016/da2016-canale.csv')
    const t = m.censusTable()
    expect(t.dauid.length).toBe(raw.filter((r) => r.pop_density_1km !== '').length)
    const row = new Map<number, number>()
    for (const [i, id] of t.dauid.entries()) row.set(id, i)
    const close = (decoded: number, source: number) => expect(Math.abs(decoded - source)).toBeLessThanOrEqual(Math.max(0.5, source * 0.005))
    for (const r of raw.filter((_, k) => k % 97 === 0 && _.pop_density_1km !== '')) {
      const i = row.get(Number(r.dauid))!
      expect(Math.abs(t.qLat[i] / 1e4 - Number(r.lat))).toBeLessThanOrEqual(0.00005 + 1e-9)
      expect(Math.abs(t.qLng[i] / 1e4 - Number(r.lng))).toBeLessThanOrEqual(0.00005 + 1e-9)
      close(t.popDensity[i], Number(r.pop_density_1km))
      close(t.dwellingDensity[i], Number(r.dwelling_density_1km))
      close(t.poiWeighted10[i] / 10, Number(r.poi_weighted_1km))
      expect(t.poiCount[i]).toBe(Number(r.poi_count_1km))
      expect(t.intersections[i] / Math.PI).toBeCloseTo(Number(r.intersection_density_1km), 6)
      expect(t.transitPlusOne[i]).toBe(r.transit_measured === '1' ? Number(r.transit_stops_1km) + 1 : 0)
    }
  })

  it('stops.bin holds each distinct stop location once, findable where the raw file puts it', () => {
    const raw = csvRows('gtfs/stops-2022.csv')
    const distinct = new Set(raw.map((r) => `${Math.round(Number(r.lat) * 1e5)},${Math.round(Number(r.lng) * 1e5)}`))
    expect(m.stopTable().qLat.length).toBe(distinct.size)
    for (const r of raw.filter((_, k) => k % 211 === 0)) {
      const near = m.transitStopsNear(Number(r.lat), Number(r.lng), 2)
      expect(near.count).toBeGreaterThanOrEqual(1)
      expect(near.nearestM).toBeLessThan(1)
    }
  })

  it('tractAt agrees with the full source polygons on random points, and outside tracts finds none', () => {
    const features = readFileSync(sharedFile('income/ct-2021.geojsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    type Ring = [number, number][]
    const tracts = features.map((f) => {
      const rings = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates).flat() as Ring[]
      const pts = rings.flat()
      const lats = pts.map((p) => p[1]),
        lngs = pts.map((p) => p[0])
      return {
        ctuid: f.properties.ctuid as string,
        income: f.properties.median_household_income_2020 as number,
        rings,
        box: [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)],
      }
    })
    const contains = (rings: Ring[], lat: number, lng: number) => {
      let inside = false
      for (const ring of rings) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [xi, yi] = ring[i],
            [xj, yj] = ring[j]
          if (yi > lat !== yj > lat && lng < xi + ((lat - yi) * (xj - xi)) / (yj - yi)) inside = !inside
        }
      }
      return inside
    }
    let agree = 0
    let inTract = 0
    let overlaps = 0
    const N = 3000
    for (let k = 0; k < N; k++) {
      // Random points around a random tract's box (inside, near its edges and just outside).
      const t = tracts[Math.floor(rand() * tracts.length)]
      const [minLat, maxLat, minLng, maxLng] = t.box
      const lat = minLat - 0.1 * (maxLat - minLat) + rand() * 1.2 * (maxLat - minLat)
      const lng = minLng - 0.1 * (maxLng - minLng) + rand() * 1.2 * (maxLng - minLng)
      const containing = tracts.filter(
        (c) => lat >= c.box[0] && lat <= c.box[1] && lng >= c.box[2] && lng <= c.box[3] && contains(c.rings, lat, lng),
      )
      const found = m.tractAt(lat, lng)
      if (containing.length > 0) inTract++
      if (containing.length > 1) overlaps++
      // Where simplified source polygons overlap, any of the containing tracts is right.
      const ok =
        containing.length === 0
          ? found === undefined
          : containing.some((c) => c.ctuid === found?.ctuid && c.income === found?.medianHouseholdIncome)
      if (ok) agree++
      else
        console.log(
          'disagree',
          lat,
          lng,
          containing.map((c) => c.ctuid),
          found,
        )
    }
    console.log(
      `tractAt vs source polygons: ${agree}/${N} random points agree (${inTract} inside a tract, ` +
        `${overlaps} where source tracts overlap)`,
    )
    expect(inTract).toBeGreaterThan(N / 2)
    expect(agree).toBe(N)
  })

  it('traffic.bin gives every counted secname its latest non-zero count', () => {
    const latest = new Map<string, { year: number; volumes: number[] }>()
    for (const fileYear of [2016, 2017, 2018]) {
      const counted = csvRowsWkt(`calgary/traffic-volumes-${fileYear}.csv`).filter((r) => Number(r.volume) > 0)
      const bySecname = new Map<string, number[]>()
      for (const r of counted) bySecname.set(r.secname, [...(bySecname.get(r.secname) ?? []), Number(r.volume)])
      for (const [secname, volumes] of bySecname)
        latest.set(secname, { year: Number(counted.find((r) => r.secname === secname)!.year), volumes })
    }
    const t = m.trafficTable()
    const secnameOf = (id: string) => id.split('#')[0]
    expect(new Set(t.ids.map(secnameOf))).toEqual(new Set(latest.keys()))
    for (const [secname, { year, volumes }] of latest) {
      const rows = t.ids.flatMap((id, i) => (secnameOf(id) === secname && t.year[i] === year ? [t.volume[i]] : []))
      expect(rows.sort(), secname).toEqual([...volumes].sort())
    }
  })

  it('speed-zones.bin keeps every zone but the ramps, with its street and limit, its line within 1.6 m', () => {
    // street_name,speed_kmh,bound,created_dt,distance_km_src,length_m,"MULTILINESTRING ((lng lat, …), …)"
    const raw = readFileSync(sharedFile('calgary/speed-limits.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => {
        const [name, speed] = line.split(',', 2)
        const vertices = [...line.slice(line.indexOf('"')).matchAll(/(-?\d+\.\d+) (-?\d+\.\d+)/g)].map((v) => [Number(v[2]), Number(v[1])])
        return { name: name.trim(), speed: Number(speed), vertices }
      })
    const zones = raw.filter((z) => !/\bRAMP\b/.test(z.name))
    const t = m.speedZoneTable()
    const decoded = Array.from(t.speedKmh, (speed, i) => `${t.names[t.nameIndex[i]]}|${speed}`).sort()
    expect(decoded).toEqual(zones.map((z) => `${z.name}|${z.speed}`).sort())
    for (let k = 0; k < 300; k++) {
      const zone = zones[Math.floor(rand() * zones.length)]
      const [lat, lng] = zone.vertices[Math.floor(rand() * zone.vertices.length)]
      expect(m.speedZoneAt(lat, lng, 1.6), `${zone.name} ${lat},${lng}`).toBeDefined()
    }
    expect(m.speedZoneAt(51.0447, -114.0719, 0.5)?.speedKmh ?? 50).toBe(50) // downtown 1 St SW: the 50 km/h default, not listed
  })
})
