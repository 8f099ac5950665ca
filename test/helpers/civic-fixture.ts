// The civic geocoding fixture: synthetic address points in uptown Waterloo and downtown Montréal, written
// through the importer (./address-fixture.ts). Geocoded in Node (test/geo/address-geocoding.unit.test.ts,
// memory store) and scored through POST /score in workerd (test/routes/score.test.ts, D1).
import { range, type FixtureStreet } from './address-fixture'

// Uptown Waterloo (King & Erb) and downtown Montréal (Sainte-Catherine & Peel), synthetic points.
export const WATERLOO: [number, number] = [43.465, -80.5225]
export const MONTREAL: [number, number] = [45.499, -73.575]
export const KING_N: FixtureStreet = {
  street: 'KING ST N',
  city: 'Waterloo',
  origin: WATERLOO,
  bearingDeg: 0,
  numbers: range(2, 298, [101, 150]),
}
export const KING_S: FixtureStreet = { street: 'King St S', city: 'WATERLOO', origin: WATERLOO, bearingDeg: 180, numbers: range(2, 120) }
export const ERB_W: FixtureStreet = { street: 'ERB ST W', city: 'Waterloo', origin: WATERLOO, bearingDeg: 270, numbers: range(2, 160) }
export const ERB_E: FixtureStreet = { street: 'Erb St E', city: 'Waterloo', origin: WATERLOO, bearingDeg: 90, numbers: range(2, 160) }
// Weber St exists in the fixture only in Kitchener, 2 km south of uptown Waterloo.
export const WEBER_KITCHENER: FixtureStreet = {
  street: 'Weber St N',
  city: 'Kitchener',
  origin: [WATERLOO[0] - 0.018, WATERLOO[1]],
  bearingDeg: 0,
  numbers: range(2, 200),
}
export const STE_CATHERINE_O: FixtureStreet = {
  street: 'RUE SAINTE-CATHERINE O',
  city: 'Montréal',
  origin: MONTREAL,
  bearingDeg: 270,
  numbers: range(1000, 1400),
  startM: -2400,
  metresPerNumber: 2,
}
export const STE_CATHERINE_E: FixtureStreet = {
  street: 'RUE SAINTE-CATHERINE E',
  city: 'Montréal',
  origin: [MONTREAL[0], MONTREAL[1] + 0.03],
  bearingDeg: 90,
  numbers: range(100, 400),
  metresPerNumber: 2,
}
export const PEEL: FixtureStreet = {
  street: 'RUE PEEL',
  city: 'Montréal',
  origin: MONTREAL,
  bearingDeg: 0,
  numbers: range(1400, 1600),
  startM: -3000,
  metresPerNumber: 2,
}
// Parallel to Sainte-Catherine, 200 m south: the two never meet.
export const RENE_LEVESQUE: FixtureStreet = {
  street: 'BOUL RENE-LEVESQUE O',
  city: 'Montréal',
  origin: [MONTREAL[0] - 0.0018, MONTREAL[1]],
  bearingDeg: 270,
  numbers: range(1000, 1300),
  startM: -2400,
  metresPerNumber: 2,
}
export const COTE_DES_NEIGES: FixtureStreet = {
  street: 'CH DE LA COTE-DES-NEIGES',
  city: 'Montréal',
  origin: [MONTREAL[0] + 0.01, MONTREAL[1] - 0.01],
  bearingDeg: 315,
  numbers: range(3000, 3200),
  startM: -6000,
  metresPerNumber: 2,
}
export const ALL = [KING_N, KING_S, ERB_W, ERB_E, WEBER_KITCHENER, STE_CATHERINE_O, STE_CATHERINE_E, PEEL, RENE_LEVESQUE, COTE_DES_NEIGES]
