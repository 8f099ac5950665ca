// The counted sites of every city with traffic counts in ../shared/data, as one list of
// { city, id, lat, lng, daily, street, pedestrians? } rows (docs/methodology.md §2.3):
//   - Calgary: the City's counted sections (latest year 2016–2018, AAWDT from the flow maps), mid-point.
//   - Edmonton: the City's count sites (AAWDT, 2019: the last year before COVID-19; one-carriageway and
//     ramp counts dropped: they are not the two-way volume a roadside sign sees).
//   - Vancouver: the City's intersection turning-movement counts (latest count since 2005 per site with a
//     City position): peak-hour vehicles entering over all approaches ÷ VANCOUVER_K (daily), pedestrians
//     crossing over all crosswalks in the PM peak hour ÷ VANCOUVER_PED_PEAK_SHARE (vancouverPedestrianHour).
//   - Toronto: the City's signal counts (one weekday's 8 counted hours, every approach): vehicles ×
//     TORONTO_VEHICLES_8H_TO_DAY, pedestrians × TORONTO_PEDESTRIANS_8H_TO_DAY (daily).
import { calgarySections, calgaryStreetFinder, readCsv } from './calgary-sections.mjs'

/**
 * Peak-hour share of daily traffic (K-factor). HCM 2010 (exhibit 3-9) and TAC give 0.08–0.12 for urban
 * roads, 0.09–0.10 typical of urban arterials; 0.09 here. A Vancouver count is the busier of the AM
 * and PM peak hours. Ranking is unaffected; the level moves by ×0.75–1.1 over 0.08–0.12.
 */
export const VANCOUVER_K = 0.09
/**
 * A peak hour's pedestrians as a share of the day: pedestrian volumes spread over the day more than
 * cars; hourly profiles of downtown counts (e.g. Vancouver's and Toronto's 8-hour counts) put the
 * busiest hour at ≈ 10–12 % of the daily total. The PM peak hour ÷ 0.11 here; sensitivity as for K.
 */
export const VANCOUVER_PED_PEAK_SHARE = 0.11

/**
 * The pedestrians of one count in its PM peak hour: the same period at every site (PM is in 90 % of
 * counts, AM in 95 %, midday in 19 %) and the busier of the two common ones (medians 226 and 141).
 * Where the PM period is missing, the AM peak hour × the median PM ÷ AM ratio of the counts that have both.
 * Until 2026-11-25 the busiest of the periods present was taken: a site counted at midday (mostly
 * downtown) then read its lunchtime hour and a site without one its commute hour, which mixed two
 * measures (docs/methodology.md §2.3).
 */
function vancouverPedestrianHour(counts) {
  const ped = (c, period) => (c[`${period}_pedestrians`] === '' ? undefined : Number(c[`${period}_pedestrians`]))
  const ratios = counts
    .filter((c) => ped(c, 'am') > 0 && ped(c, 'pm') > 0)
    .map((c) => ped(c, 'pm') / ped(c, 'am'))
    .sort((a, b) => a - b)
  const pmPerAm = ratios[ratios.length >> 1]
  return (c) => ped(c, 'pm') ?? (ped(c, 'am') ?? 0) * pmPerAm
}

const QUADRANT = /\s+(NE|NW|SE|SW|N|S|E|W)$/i
const ONE_WAY = /\b(EB|WB|NB|SB|ramp|on-ramp|off-ramp|to)\b/i

/** "2 Avenue SW" → { name: "2", type: "Avenue" }; "Whitemud Drive" → { name: "Whitemud", type: "Drive" }. */
function splitRoad(text) {
  const words = text.replace(QUADRANT, '').trim().split(/\s+/)
  if (words.length < 2) return { name: words.join(' ') }
  return { name: words.slice(0, -1).join(' '), type: words.at(-1) }
}

export function calgaryCounts() {
  const streetOf = calgaryStreetFinder()
  return calgarySections().map((s) => ({
    city: 'Calgary',
    id: s.secname,
    lat: s.lat,
    lng: s.lng,
    daily: s.volume,
    street: streetOf(s).street,
    section: s,
  }))
}

/** `csv`: the file's rows already read (the geodata store build hashes the bytes it parses). */
export function edmontonCounts(year = 2019, csv = readCsv('edmonton/aawdt.csv')) {
  const rows = []
  for (const r of csv) {
    if (Number(r.year) !== year || ONE_WAY.test(r.description) || !r.cross_street) continue
    rows.push({
      city: 'Edmonton',
      id: r.site_id,
      lat: Number(r.lat),
      lng: Number(r.lng),
      daily: Number(r.aawdt),
      street: splitRoad(r.road),
      year,
      description: r.description,
    })
  }
  return rows
}

/** ln(AAWDT 2019 ÷ AAWDT 2017) of every two-way Edmonton site counted in both years: how far one year's count is from another's. */
export function edmontonYearChanges(from = 2017, to = 2019) {
  const byYear = new Map()
  for (const r of readCsv('edmonton/aawdt.csv')) {
    if (ONE_WAY.test(r.description) || (Number(r.year) !== from && Number(r.year) !== to)) continue
    const site = byYear.get(r.site_id) ?? {}
    site[r.year] = Number(r.aawdt)
    byYear.set(r.site_id, site)
  }
  return [...byYear.values()].filter((s) => s[from] > 0 && s[to] > 0).map((s) => Math.log(s[to] / s[from]))
}

const mixedCase = (s) => s.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase())

export function vancouverCounts(sinceYear = 2005, csv = readCsv('vancouver/tmc-counts.csv')) {
  const latest = new Map()
  for (const r of csv) {
    if (!r.lat || !r.coord_source.startsWith('city-') || Number(r.date.slice(0, 4)) < sinceYear) continue
    const peak = Math.max(Number(r.am_vehicles) || 0, Number(r.pm_vehicles) || 0)
    if (!(peak > 0)) continue
    const prev = latest.get(r.site_id)
    if (prev && prev.date >= r.date) continue
    latest.set(r.site_id, { date: r.date, r, peak })
  }
  const pedestrianHour = vancouverPedestrianHour([...latest.values()].map(({ r }) => r))
  return [...latest.values()].map(({ r, peak, date }) => ({
    city: 'Vancouver',
    id: r.site_id,
    lat: Number(r.lat),
    lng: Number(r.lng),
    daily: peak / VANCOUVER_K,
    pedestrians: pedestrianHour(r) / VANCOUVER_PED_PEAK_SHARE,
    /** false: neither the AM nor the PM peak counted pedestrians (`pedestrians` is then 0, not a count). */
    pedestriansCounted: r.am_pedestrians !== '' || r.pm_pedestrians !== '',
    date,
    intersection: r.intersection,
    // "W BROADWAY AND GRANVILLE ST": classifyStreet takes the busier of the two streets.
    street: { name: mixedCase(r.intersection) },
  }))
}

/**
 * 8 counted hours → a weekday. The City of Toronto counts signals over 8 daytime hours (07:30–09:30,
 * 10:00–12:00, 13:00–15:00, 16:00–18:00). Urban hourly profiles (FHWA Traffic Monitoring Guide, TAC)
 * put 50–55 % of a weekday's vehicles in those hours, so ×1.9 (the data pack's README: ×1.8–2.0).
 * Ranking is unaffected; the level moves by ±5 % over 1.8–2.0.
 */
export const TORONTO_VEHICLES_8H_TO_DAY = 1.9
/**
 * Pedestrians are more concentrated in the daytime than cars: with the busiest hour at ≈ 11 % of the
 * day (VANCOUVER_PED_PEAK_SHARE) and the counted hours at 7–11 % each, the 8 hours hold ≈ 2/3 of a
 * weekday's crossings: ×1.5.
 */
export const TORONTO_PEDESTRIANS_8H_TO_DAY = 1.5

/** "JARVIS ST" → "Jarvis St"; "265m SOUTH OF" kept lower-case (a mid-block signal). */
const cityName = (s) => mixedCase(s).replace(/\b(\d+)(St|Nd|Rd|Th)\b/g, (_, n, x) => n + x.toLowerCase())

/**
 * City of Toronto signal counts (data pack: 2,062 signals; 120 independent validation signals and their
 * 250 m neighbours are not in the pack). One row a signal: `daily` and `pedestrians` are the 8-hour totals
 * over every approach, expanded to a weekday; `midblock` signals count one road's both directions.
 */
export function torontoCounts(csv = readCsv('toronto/signal-counts-8h.csv')) {
  return csv.map((r) => {
    const streets = [r.street_1, r.street_2, r.street_3].filter(Boolean)
    const midblock = r.midblock_offset !== ''
    return {
      city: 'Toronto',
      id: r.signal_id,
      lat: Number(r.lat),
      lng: Number(r.lng),
      daily: Number(r.vehicles_8h) * TORONTO_VEHICLES_8H_TO_DAY,
      pedestrians: Number(r.pedestrians_8h) * TORONTO_PEDESTRIANS_8H_TO_DAY,
      vehicles8h: Number(r.vehicles_8h),
      pedestrians8h: Number(r.pedestrians_8h),
      date: r.count_date,
      midblock,
      streets: streets.map(cityName),
      intersection: midblock
        ? `${cityName(r.street_1)} ${r.midblock_offset.toLowerCase()} ${cityName(r.street_2)}`
        : streets.map(cityName).join(' & '),
      street: { name: cityName(r.street_1) },
    }
  })
}

export const allCounts = () => [...calgaryCounts(), ...edmontonCounts(), ...vancouverCounts()]
