// The geodata store as one port: what geocoding and scoring read of it (address points, street pieces,
// the Cities' corners, counts). Two adapters: D1 in the worker (below, from the readers beside this file)
// and the committed artefacts in memory for Node (scripts/lib/geodata-memory.ts: validations, benches,
// node tests). The services take it from `geodataOf(env)`, so geocoding and scoring run on either. One
// conformance suite runs against both (test/helpers/geodata-store-conformance.ts), so a figure measured
// offline is the figure the worker gives, and the geocoding and scoring tests run in Node on the memory one.
import { d1AddressPoints, nearestAddressPoint, type AddressPointsSource } from './address-store'
import { d1Corners, type CornerSource } from './corner-store'
import { d1CountStore, type CountStore } from './count-store'
import { d1StreetStore, type LocateSources } from './street-store'

export interface GeodataStore extends LocateSources {
  /** A lookup's address points (the named street in the place) and whether the city is in the store. */
  addressPoints: AddressPointsSource
  /** Every listed corner of the named streets near a place. */
  corners: CornerSource
  counts: CountStore
}

// One adapter per D1 binding, so per-store memos (reverseLocate's recent answers) live as long as the binding.
const adapters = new WeakMap<D1Database, GeodataStore>()

export function d1GeodataStore(d1: D1Database): GeodataStore {
  let store = adapters.get(d1)
  if (!store) {
    store = {
      addressPoints: d1AddressPoints(d1),
      streets: d1StreetStore(d1),
      nearestPoint: (lat, lng, maxM, exceptNameKey) => nearestAddressPoint(d1, lat, lng, maxM, exceptNameKey),
      corners: d1Corners(d1),
      counts: d1CountStore(d1),
    }
    adapters.set(d1, store)
  }
  return store
}

/**
 * Where the services (geocoder, reverse geocoder, scoring and every service built on it) find the store: a
 * `geodata` store given as is (Node tests, benches: `memoryGeodata(…).store`), else the worker's `DB` binding.
 */
export interface GeodataEnv {
  DB?: D1Database
  geodata?: GeodataStore
}

/** The store of this environment, or undefined (no store: the bundled offline data only). */
export function geodataOf(env: GeodataEnv): GeodataStore | undefined {
  return env.geodata ?? (env.DB ? d1GeodataStore(env.DB) : undefined)
}
