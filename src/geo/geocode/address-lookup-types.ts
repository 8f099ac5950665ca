// The address lookup's data: the points the store answers with and what to look up (address-lookup.ts
// plans and resolves; civic-placement.ts and the stores read them). Types only, so the lookup's parts share
// them without a cycle.
import type { ParsedStreet } from './address'
import type { Corner } from './corners'
import type { BlockRule } from './grid-numbering'
import type { NumberingOrigin } from './numbering-origin'
import type { GeocodeResult } from './offline'
import type { StreetKey } from './street-key'
import type { StreetPiece } from './street-pieces'

export interface AddressPoint extends StreetKey {
  cityKey: string
  number: number
  suffix: string
  lat: number
  lng: number
}

/** What the store answered: the named streets' points, and whether it has any address of the city written. */
export interface StoreAnswer {
  points: AddressPoint[]
  cityInStore: boolean
  /** Street centrelines of the named streets near the place (geodata store). */
  pieces?: StreetPiece[]
  /** Whether the store has any street centreline around the place: a street it lacks there is unknown. */
  streetsInArea?: boolean
  /** The Cities' named corners of the typed streets near the place (an intersection's gazetteer, corners.ts). */
  corners?: Corner[]
}

export interface AddressLookup {
  /** One street (civic or street-only) or two (an intersection). */
  streets: (StreetKey & { display: ParsedStreet; alternatives?: StreetKey[] })[]
  civic?: { number: number; suffix: string }
  /** normalizeName(city as written): matches the store's municipality. */
  cityKey?: string
  /** Points here also count when the city was written as a community ("Elmira") the store files under its township. */
  near?: { lat: number; lng: number; radiusKm: number }
  /** Street-only results take the street's point nearest this: the postal area, else the city. */
  anchor?: { lat: number; lng: number }
  /** The postal-area or city result: the fallback, and the display fields of every result. */
  area: GeocodeResult | null
  /** Display address parts: the street as written and the resolved place ("Waterloo, ON"). */
  display: { street: string; place: string }
  /** How the city numbers this street (from Yonge St for "Dundas St W, Toronto"): the line's pieces are asked for too. */
  origin?: NumberingOrigin
  /** The block a civic number lies in, where the city numbers by blocks (Calgary, Edmonton): its cross streets are asked for too. */
  block?: BlockRule
}
