// Edmonton's streets from its count sites. The store's Edmonton network holds only motorway, trunk and primary
// roads, and Edmonton has no address points, so Jasper Ave, Whyte Ave (82 Ave) and the numbered grid were not
// found at all. The City's count file names the road of every site (edmonton/aawdt.csv: `road`, `cross_street`,
// the site's position on the roadway): a line through each road's sites is its centreline between them, as the
// City's corners draw Vancouver's streets (city-corners.ts). No class: a count says how busy the road is, and a
// class read from it would hand the traffic model its own answer. One spatial block in eight is held out
// (city-corners.ts heldOutBlock), its sites typed `road & cross street` by research/validate-corners.mjs.
// Pure; used by scripts/build-geodata-store.mjs.
import { streetKeyOfText } from '../../src/geo/geocode/street-key'
import { heldOutBlock, linesThrough, positionsByStreet } from './city-corners'
import { csvObjects } from './csv.mjs'
import type { StreetPieceRow } from './geodata-store-streets'

type LngLat = [number, number]
export const EDMONTON_LINE_SOURCE = 'edmonton-count-line'

export interface CountSite {
  id: string
  /** The road as the City writes it ("Jasper Avenue", "109 Street"). */
  road: string
  /** The reference cross street ("84 Street"); empty where the description was not parsed. */
  cross: string
  lat: number
  lng: number
}

/** One carriageway or a ramp (`Whitemud Drive CD WB`, `Yellowhead Trail EB On-Ramp`, `… EB to Rabbit Hill Road SW`): no centreline. */
const NOT_A_CENTRELINE = /\b(?:EB|WB|NB|SB|CD)\b|ramp|\bto\b/i

/** Each count site once (the file has a row per year), without ramps, single carriageways and the positions ("lat lng") in `except`. */
export function edmontonSites(csv: string, except: ReadonlySet<string> = new Set()): CountSite[] {
  const sites = new Map<string, CountSite>()
  for (const r of csvObjects(csv)) {
    if (sites.has(r.site_id) || NOT_A_CENTRELINE.test(r.road) || except.has(`${r.lat} ${r.lng}`)) continue
    sites.set(r.site_id, { id: r.site_id, road: r.road, cross: r.cross_street, lat: Number(r.lat), lng: Number(r.lng) })
  }
  return [...sites.values()].sort((a, b) => (a.id < b.id ? -1 : 1))
}

/**
 * Sites of one road farther apart than this are not linked. Edmonton's arterials are a mile apart (1.6 km) and
 * its count sites stand a median 220 m from the next one of the same road (p90 940 m); a held-out block adds up
 * to ~450 m. Longer links would cross the river valley where a numbered street stops on both banks.
 */
export const EDMONTON_LINE_GAP_M = 1200
/** Sites of one road within this distance are one vertex (the two sides of a crossing). */
const SITE_BIN_M = 20

/** A line through each road's kept sites (the held-out blocks' sites are not in any line). */
export function edmontonLineRows(sites: CountSite[]): StreetPieceRow[] {
  const positions = sites.flatMap((s) => {
    const key = streetKeyOfText(s.road)
    return key ? [{ street: { ...key, name: s.road }, at: [s.lng, s.lat] as LngLat }] : []
  })
  return linesThrough(positionsByStreet(positions), EDMONTON_LINE_GAP_M, SITE_BIN_M)
}

/** The sites built into lines, and those of the held-out blocks (the measurement's truth). */
export function splitSites(sites: CountSite[]): { kept: CountSite[]; held: CountSite[] } {
  return { kept: sites.filter((s) => !heldOutBlock(s.lat, s.lng)), held: sites.filter((s) => heldOutBlock(s.lat, s.lng)) }
}

/** Held-out rows (CORNER_HOLDOUT_COLUMNS): the site's road and cross street; its point stands beside their crossing. */
export function siteHoldoutRows(held: CountSite[]): (string | number)[][] {
  return held
    .filter((s) => s.cross)
    .map((s) => [
      'Edmonton',
      'AB',
      s.road.toUpperCase(),
      s.cross.toUpperCase(),
      Math.round(s.lat * 1e5),
      Math.round(s.lng * 1e5),
      `edmonton:${s.id}`,
    ])
    .sort((x, y) => (String(x[6]) < String(y[6]) ? -1 : 1))
}
