// The places that pin the score to docs/decisions.md §4 (a prime downtown arterial A or A+, a busy suburban arterial
// B to B+, a quiet residential crescent D, a rural road F) and the orderings between them, as data and one check.
// The unit tests (calibration.unit.test.ts, real-inputs.unit.test.ts) assert it; research/validation/default-weights.mjs
// keeps the default weights' search inside it, so a weight profile that breaks a band is never proposed.
import type { GeocodeResult } from '../../src/geo/geocode'
import type { LocatedInput, ScoreResult } from '../../src/scoring'

export type Kind = 'downtown' | 'suburbanArterial' | 'smallTownMain' | 'crescent' | 'rural'
export const BANDS: Record<Kind, [min: number, maxExclusive: number, label: string]> = {
  downtown: [80, 101, 'A or A+'],
  suburbanArterial: [70, 80, 'B to B+'],
  smallTownMain: [60, 75, 'C to B'],
  crescent: [50, 60, 'D'],
  rural: [0, 50, 'F'],
}

/**
 * Methodology 2.0 measures each factor at the located point. Where an area position (an FSA's or a
 * place's) lies away from the address, the measured values describe that position; such cases keep
 * their kind but get a wider band and the reason; small towns located off their core stay out of
 * the small-town ordering check.
 */
export interface Location {
  name: string
  address: string
  kind: Kind
  city?: string
  band?: [min: number, maxExclusive: number, label: string]
  reason?: string
}
export const LOCATIONS: Location[] = [
  // Prime downtown arterials
  { name: 'Queen St W at City Hall, Toronto', address: '100 Queen St W, Toronto, ON M5H 2N2', kind: 'downtown', city: 'Toronto' },
  { name: 'Yonge St at Eaton Centre, Toronto', address: '220 Yonge St, Toronto, ON M5B 2H1', kind: 'downtown', city: 'Toronto' },
  { name: 'Yonge St at Front, Toronto', address: '1 Yonge St, Toronto ON M5E 1W7', kind: 'downtown', city: 'Toronto' },
  { name: 'Sainte-Catherine O, Montréal', address: '977 rue Sainte-Catherine O, Montréal, QC H3B 4W3', kind: 'downtown', city: 'Montréal' },
  {
    name: 'De La Gauchetière O, Montréal',
    address: '1000 rue De La Gauchetière O, Montréal, QC H3B 4W5',
    kind: 'downtown',
    city: 'Montréal',
    band: [75, 101, 'B+ or better'],
    reason:
      "H3B's residents' median household income is $49,600 (downtown flats): 3.x gives a postal code its area's tract " +
      'income, where 2.x gave the CMA median ($72,000); by coordinates 3.0 already graded the spot B+ 78.3 for the same reason',
  },
  {
    name: 'Granville St at Pacific Centre, Vancouver',
    address: '700 Granville St, Vancouver, BC V7Y 1G5',
    kind: 'downtown',
    city: 'Vancouver',
  },
  { name: 'Robson St, Vancouver', address: '800 Robson St, Vancouver, BC V6Z 3B7', kind: 'downtown', city: 'Vancouver' },
  {
    name: 'Stephen Ave (8 Ave SW), Calgary',
    address: '200 8 Ave SW, Calgary, AB T2P 1B5',
    kind: 'downtown',
    city: 'Calgary',
    band: [75, 101, 'B+ or better'],
    reason: "T2P's area income is $68,500 (downtown flats), where 2.x gave the CMA median ($100,000); by coordinates 3.0 gave B 73.5",
  },
  {
    name: '102 Ave NW, downtown Edmonton',
    address: '10200 102 Ave NW, Edmonton, AB T5J 4B7',
    kind: 'downtown',
    band: [75, 101, 'B+ or better'],
    reason: "T5J's area income is $64,000 (downtown flats), where 2.x gave the CMA median ($96,000); by coordinates 3.0 gave B 72.1",
  },
  // Busy suburban arterials and highway-commercial strips
  { name: 'Hurontario St, Mississauga', address: '5100 Hurontario St, Mississauga, ON L4Z 3X7', kind: 'suburbanArterial', city: 'Toronto' },
  { name: 'Finch Ave E, Scarborough', address: '5230 Finch Ave E, Toronto, ON M1S 4Z9', kind: 'suburbanArterial', city: 'Toronto' },
  { name: 'Steeles Ave W, Vaughan', address: '3100 Steeles Ave W, Vaughan, ON L4K 3R1', kind: 'suburbanArterial' },
  { name: 'Highway 7 E strip, Markham', address: '3601 Highway 7 E, Markham, ON L3R 0M3', kind: 'suburbanArterial' },
  { name: 'Memorial Dr NE, Calgary', address: '3800 Memorial Dr NE, Calgary, AB T2A 2K2', kind: 'suburbanArterial', city: 'Calgary' },
  { name: 'Northland Dr NW, Calgary', address: '5111 Northland Dr NW, Calgary, AB T2L 2J8', kind: 'suburbanArterial', city: 'Calgary' },
  {
    name: 'boul. Taschereau strip, Longueuil',
    address: '2250 boul. Taschereau, Longueuil, QC J4T 2G4',
    kind: 'suburbanArterial',
    city: 'Montréal',
    band: [65, 80, 'C+ to B+'],
    reason: "J4T's area income is $65,000, where 2.x gave the Montréal CMA median ($72,000); by coordinates 3.0 gave D 56.8",
  },
  {
    name: 'boul. Le Carrefour, Laval',
    address: '3000 boul. Le Carrefour, Laval, QC H7T 2K9',
    kind: 'suburbanArterial',
    band: [65, 80, 'C+ to B+'],
    reason:
      "H7T's position measures 14 OSM POIs within 1 km (2016) and misses the Carrefour Laval mall; " +
      'the Montréal CMA median income ($72,000) scores 58',
  },
  {
    name: 'Fraser Hwy, Surrey',
    address: '15355 Fraser Hwy, Surrey, BC V3R 3P2',
    kind: 'suburbanArterial',
    city: 'Vancouver',
    band: [65, 80, 'C+ to B+'],
    reason: "V3R's area income is $80,000, where 2.x gave the Vancouver CMA median ($90,000)",
  },
  {
    name: 'Bank St south, Ottawa',
    address: '2210 Bank St, Ottawa, ON K1V 1J5',
    kind: 'suburbanArterial',
    band: [65, 80, 'C+ to B+'],
    reason:
      'K1V spans Riverside Park, Hunt Club, Riverside South and the airport; its position measures ' +
      "634 persons/km² and 7 stop equivalents, not Bank St's frontage",
  },
  // Small-town main streets
  {
    name: 'Main St, Huntsville',
    address: '123 Main St, Huntsville, ON P1H 1Z9',
    kind: 'smallTownMain',
    band: [55, 75, 'D to B'],
    reason:
      "3.0 models its traffic from counts in three cities: 13,700/day, where 2.x's Calgary-arterial level gave 35,000 " +
      '(a town of 20,000 people); with 594 persons/km² and no transit it sits at the D/C edge',
  },
  { name: 'Main St, Canmore', address: '700 Main St, Canmore, AB T1W 2B5', kind: 'smallTownMain' },
  {
    name: 'rue Principale, Saint-Sauveur',
    address: '100 rue Principale, Saint-Sauveur, QC',
    kind: 'smallTownMain',
    band: [45, 75, 'F to B'],
    reason:
      'located by town name: the GeoNames position lies 1.9 km from the village core, where the census ' +
      "measures 441 persons/km² and 4 POIs within 1 km; 3.0 models a village main street at about a third of 2.x's traffic",
  },
  {
    name: 'Water St, Sioux Lookout',
    address: '25 Water St, Sioux Lookout, ON',
    kind: 'smallTownMain',
    band: [50, 75, 'D to B'],
    reason:
      'located by town name: the GeoNames position lies 5.7 km outside the town, with no DA point ' + 'within 5 km (place-model fallback)',
  },
  // Quiet residential crescents and courts
  { name: 'Pinegrove Cres, Scarborough', address: '35 Pinegrove Cres, Toronto, ON M1E 2T3', kind: 'crescent', city: 'Toronto' },
  { name: 'Maplewood Cres, Brampton', address: '10 Maplewood Cres, Brampton, ON L6S 2P4', kind: 'crescent' },
  { name: 'Birchwood Crt, Markham', address: '15 Birchwood Crt, Markham, ON L3R 6C4', kind: 'crescent' },
  {
    name: 'Aspen Cres, Calgary',
    address: '24 Aspen Cres, Calgary, AB T3H 3R2',
    kind: 'crescent',
    city: 'Calgary',
    band: [49, 60, 'D or a low F'],
    reason:
      '50.1 D in 3.2, at the band edge: the pedestrian model fitted on Vancouver and Toronto (density elasticity 0.64 where 0.4 ' +
      'was assumed) reads its low-density block 46 pedestrians/day instead of 53, −0.3 overall',
  },
  { name: 'croissant des Érables, Laval', address: '45 croissant des Érables, Laval, QC H7M 2M5', kind: 'crescent', city: 'Montréal' },
  {
    name: 'Alder Cres, Coquitlam',
    address: '12 Alder Cres, Coquitlam, BC V3E 2R3',
    kind: 'crescent',
    city: 'Vancouver',
    band: [40, 60, 'F to D'],
    reason: "V3E's position measures 8 POIs within 1 km and ~14 pedestrians/day: a quieter crescent than most",
  },
  { name: 'Sandcastle Crt, Barrhaven', address: '18 Sandcastle Crt, Ottawa, ON K2J 4M5', kind: 'crescent' },
  // Rural roads far from any town
  { name: 'Range Road 232, Sturgeon County', address: '12345 Range Road 232, AB T0B 4J0', kind: 'rural', city: 'Calgary' },
  { name: 'Rang 4, Lanaudière', address: '4000 Rang 4, QC J0K 1A0', kind: 'rural', city: 'Montréal' },
  { name: 'Concession Rd 5, Kawartha Lakes', address: '2000 Concession Rd 5, Ontario K0L 1A0', kind: 'rural', city: 'Toronto' },
  { name: 'Highway 16, rural Saskatchewan', address: 'Hwy 16, SK S0K 0A0', kind: 'rural' },
  { name: 'Township Rd 530, Alberta', address: 'Township Rd 530, AB T0E 0A0', kind: 'rural', city: 'Vancouver' },
]

/** The engine a calibration place is scored with, handed in (research scores with the checkout it fits). */
export interface CalibrationEngine {
  geocodeOffline(text: string): GeocodeResult | null
  buildScoreResult(input: LocatedInput): ScoreResult
}

/**
 * An address scored as the API scores it offline: its street, and with `designators` its rural route and rural
 * postal code too (the forms real users send; the calibration table's places are scored without them).
 */
export function scoreAddress(engine: CalibrationEngine, address: string, designators: boolean): ScoreResult {
  const g = engine.geocodeOffline(address)
  if (!g) throw new Error(`calibration address did not geocode: ${address}`)
  const { lat, lng, precision, street, ruralRoute, ruralPostalCode } = g
  return engine.buildScoreResult({
    lat,
    lng,
    address: g.address,
    precision,
    street,
    ...(designators && { ruralRoute, ruralPostalCode }),
  })
}

/**
 * A check reads overall scores three ways: `place`, an address as the calibration table scores it (its street);
 * `named`, an address with its rural designators too (a rural route, a rural postal code); `at`, a bare position.
 */
export interface CalibrationScores {
  place(address: string): number
  named(address: string): number
  at(lat: number, lng: number): number
}
/** One calibration check: its name, and what fails under the given scores (empty when it holds). */
export interface CalibrationCheck {
  name: string
  failures(s: CalibrationScores): string[]
}

const DOWNTOWN_COORDINATES: [number, number][] = [
  [43.6487, -79.3817],
  [49.2827, -123.1187],
]
/** Peel & Sainte-Catherine: a tract of small households and students ($55,600), so B+ or better, not A. */
const MONTREAL_DOWNTOWN: [number, number] = [45.5003, -73.5735]
const RURAL_COORDINATES: [number, number][] = [
  [51.5, -107.5],
  [50.2, -103.1],
  [53.2, -112.3],
  [47.6, -78.9],
]
/** Rural roads written with a town name, a rural postal code or a rural route: F. */
const RURAL_NAMED = [
  '12 Range Road 232, Gibbons, AB T0A 1N0', // the lead's case: town name + rural FSA
  '12 Range Road 232, Gibbons, AB', // town name only
  '54012 Range Rd 232, Sturgeon County, AB T8R 1B4', // "Range Rd", urban-coded FSA
  '4000 rang 4, Saint-Jacques, QC',
  '1250 chemin du Rang 4, Saint-Jacques QC J0K 2R0', // rural name under a generic French type
  '2000 Concession 5, Uxbridge ON',
  '5678 Sideroad 10, Caledon ON',
  '4321 8th Line, Caledon ON',
  'RR 2, Gibbons AB', // rural-route delivery as the only "street"
  '123 Smith Rd, RR 2, Gibbons AB T0A 1N0', // ordinary road name, rural-route delivery
  'RR 1, Site 5, Comp 12, Olds, AB T4H 1P2',
  '1234 Rural Route 1, Moosomin SK S0G 3N0',
  'Hwy 11, Kapuskasing ON P0L 1C0', // highway in a rural postal area
  '12 Hwy 3, Yarmouth NS B0W 1A0',
]
/** A highway through a town (urban postal code or none): a commercial strip, C to B+, far above a rural F. */
const TOWN_HIGHWAYS = ['1234 Hwy 2, Brockville ON K6V 5T1', '1234 Hwy 2, Brockville ON', '4455 Highway 7, Peterborough ON']
/** Crescents in big cities located by city name only: the city-wide context grades them D (≥ 48), not B as the centroid would. */
export const CITY_NAMED_CRESCENTS = [
  'Apt 1203, 35 Pinegrove Cres, Toronto',
  '14 Willow Cres, Mississauga ON',
  '22 Oakridge Crt, Burnaby BC',
  '31 impasse des Pins, Gatineau QC',
  'app. 3, 45 croissant des Érables, Laval QC',
]
/** Busy suburban arterials named with their own city only: C to B+ (the city-wide context, not their frontage). */
const CITY_NAMED_ARTERIALS = [
  '10153 King George Blvd, Surrey, BC',
  '1600 boul. Le Corbusier, Laval QC',
  '4567 Lougheed Hwy, Burnaby BC',
  '1100 boul. Maloney O, Gatineau, QC',
  '5401 boul. de la Rive-Sud, Lévis, QC',
  '8601 Warden Ave, Markham, ON',
]
/** An arterial above a crescent of the same city by more than 10 points, postal code or not. */
const ARTERIAL_OVER_CRESCENT: [string, string][] = [
  ['5100 Hurontario St, Mississauga, ON L4Z 3X7', '14 Willow Cres, Mississauga ON'],
  ['10153 King George Blvd, Surrey, BC', '8 Cedar Pl, Surrey BC'],
  ['1500 Bayview Ave, Toronto ON', '35 Pinegrove Cres, Toronto, ON M1E 2T3'],
  ['1600 boul. Le Corbusier, Laval QC', '45 croissant des Érables, Laval, QC H7M 2M5'],
  // A drive named after the centre it serves is an access road, not a crescent.
  ['100 City Centre Dr, Mississauga, ON', '14 Willow Cres, Mississauga ON'],
]

const outside = (score: number, min: number, maxExclusive: number) => score < min || score >= maxExclusive
const each = (items: string[], read: (x: string) => number, min: number, maxExclusive: number) =>
  items.flatMap((x) => (outside(read(x), min, maxExclusive) ? [`${x} → ${read(x)}`] : []))
const ORDER: Kind[] = ['downtown', 'suburbanArterial', 'crescent', 'rural']

export const CALIBRATION_CHECKS: CalibrationCheck[] = [
  ...LOCATIONS.map((l) => {
    const [min, max, label] = l.band ?? BANDS[l.kind]
    return {
      name: `${l.name} grades ${label}${l.reason ? ` (${l.reason})` : ''}`,
      failures: (s: CalibrationScores) => each([l.address], s.place, min, max),
    }
  }),
  ...[...new Set(LOCATIONS.flatMap((l) => (l.city ? [l.city] : [])))].map((city) => ({
    name: `${city}: every downtown above every suburban arterial, above every crescent, above every rural road`,
    failures: (s: CalibrationScores) =>
      ORDER.slice(0, -1).flatMap((kind, i) => {
        const of = (k: Kind) => LOCATIONS.filter((l) => l.city === city && l.kind === k).map((l) => s.place(l.address))
        const [higher, lower] = [of(kind), of(ORDER[i + 1])]
        if (!higher.length || !lower.length) return [`${city} needs ${kind} and ${ORDER[i + 1]}`]
        return Math.min(...higher) > Math.max(...lower) ? [] : [`${kind} ${Math.min(...higher)} ≤ ${ORDER[i + 1]} ${Math.max(...lower)}`]
      }),
  })),
  {
    name: 'small-town main streets sit between crescents and downtowns',
    failures: (s) => {
      const of = (k: Kind) => LOCATIONS.filter((l) => l.kind === k && !l.reason).map((l) => s.place(l.address))
      const town = of('smallTownMain')
      return [
        ...(Math.min(...town) > Math.max(...of('crescent')) ? [] : ['a small town at or below a crescent']),
        ...(Math.max(...town) < Math.min(...of('downtown')) ? [] : ['a small town at or above a downtown']),
      ]
    },
  },
  {
    name: 'downtown Toronto and Vancouver coordinates grade A or A+; downtown Montréal at least B+',
    failures: (s) => [
      ...DOWNTOWN_COORDINATES.flatMap(([lat, lng]) => (s.at(lat, lng) >= 80 ? [] : [`${lat}, ${lng} → ${s.at(lat, lng)}`])),
      ...(s.at(...MONTREAL_DOWNTOWN) >= 75 ? [] : [`Montréal → ${s.at(...MONTREAL_DOWNTOWN)}`]),
    ],
  },
  {
    name: 'rural prairie and boreal coordinates grade F, more than 40 below downtown Toronto',
    failures: (s) =>
      RURAL_COORDINATES.flatMap(([lat, lng]) => {
        const r = s.at(lat, lng)
        return r < 50 && s.at(...DOWNTOWN_COORDINATES[0]) - r > 40 ? [] : [`${lat}, ${lng} → ${r}`]
      }),
  },
  {
    name: 'rural roads named with a town, a rural postal code or a rural route grade F',
    failures: (s) => each(RURAL_NAMED, s.named, 0, 50),
  },
  { name: 'a highway through a town stays a commercial strip (60–80)', failures: (s) => each(TOWN_HIGHWAYS, s.named, 60, 80) },
  { name: 'crescents located by city name only grade D (48–60)', failures: (s) => each(CITY_NAMED_CRESCENTS, s.named, 48, 60) },
  { name: 'busy arterials of suburbs named as their own city grade C to B+', failures: (s) => each(CITY_NAMED_ARTERIALS, s.named, 60, 80) },
  {
    name: 'an arterial grades more than 10 above a crescent of its city',
    failures: (s) =>
      ARTERIAL_OVER_CRESCENT.flatMap(([a, c]) => (s.named(a) > s.named(c) + 10 ? [] : [`${a} ${s.named(a)} vs ${c} ${s.named(c)}`])),
  },
  {
    name: "a town's main street, even with its rural postal code, clears its range road by more than 10",
    failures: (s) => {
      const [main, range] = [s.named('4810 50 St, Gibbons, AB T0A 1N0'), s.named('12 Range Road 232, Gibbons, AB T0A 1N0')]
      return main - range > 10 ? [] : [`${main} vs ${range}`]
    },
  },
  {
    name: "Hamilton's Concession St is an urban street (≥ 55), not a rural concession",
    failures: (s) => each(['600 Concession St, Hamilton ON'], s.named, 55, 101),
  },
  {
    name: 'a postal code places a downtown arterial downtown (A or A+), above the city-name-only form',
    failures: (s) => {
      const [precise, city] = [s.named('220 Yonge St, Toronto ON M5B2H1'), s.named('220 yonge street toronto')]
      return precise >= 80 && precise > city ? [] : [`${precise} vs ${city}`]
    },
  },
  {
    name: "a small town's main street located by its name keeps a village level (≥ 45)",
    failures: (s) => each(['100 rue Principale, Saint-Sauveur, QC'], s.named, 45, 101),
  },
]
