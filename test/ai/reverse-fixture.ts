// The built-in provider's reverse-naming fixture around the Marché Jean-Talon: a street through the market with
// civic numbers, and a grid of parallel streets across the landmark's search area. Loaded into D1 for
// /ai/query (builtin-reverse.test.ts, workerd) and into the memory store for the reverse geocoder
// (builtin-reverse.unit.test.ts, Node).
import { fixtureCsv, range, type FixtureStreet } from '../helpers/address-fixture'
import { offset, type FixtureLine } from '../helpers/street-fixture'
import { LANDMARKS } from '../../src/services/ai/builtin/landmarks'

export const market = LANDMARKS.find((l) => l.label === 'Marché Jean-Talon')!
// A street through the market, running east, with civic numbers every 5 m on both sides.
export const origin: [number, number] = offset([market.lat, market.lng], -400, 0)
export const street: FixtureStreet = { street: 'Rue Fixture Ouest', city: 'Montréal', origin, bearingDeg: 90, numbers: range(1, 160) }
// Parallel streets every 100 m across the whole search area (the landmark's radius), so every point the
// site finder suggests, wherever the model puts it, lies within REVERSE_MAX_DISTANCE_M of a civic address.
const NAMES = 'Alpha Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliet Kilo Lima Mike November Oscar Papa'.split(' ')
export const GRID = NAMES.map(
  (name, i): FixtureStreet => ({
    street: `Rue Fixture ${name}`,
    city: 'Montréal',
    origin: offset(origin, -400, (i < 8 ? i + 1 : 7 - i) * 100),
    bearingDeg: 90,
    numbers: range(1, 340),
  }),
)

/** The address points (every street above), as an importer CSV. */
export const ADDRESS_CSV = fixtureCsv([street, ...GRID])
/** The one centreline: the street through the market. */
export const STREET_LINES: FixtureLine[] = [{ name: 'Rue Fixture Ouest', roadClass: 2, points: [origin, offset(origin, 900, 0)] }]
