// The sign a buyer will put up, as the impressions model reads it (docs/methodology.md §2.7). Pure data:
// the catalogue's categories (one list: the AI's fallback sign types read it too), the placeable ones (not
// those that are not a fixed sign at the frontage), the words the issue and buyers use for them, and a
// typical sign of each type for what the caller leaves out.

/** The catalogue's seeded categories, in catalogue order (docs/decisions.md §7). */
export const CATALOGUE_CATEGORIES = [
  'channel-letters',
  'pylon',
  'monument',
  'lightbox',
  'blade',
  'led-message-centre',
  'sidewalk',
  'banners',
  'window-graphics',
  'vehicle-graphics',
  'wayfinding',
  'dimensional-letters',
  'yard-signs',
  'neon',
] as const
/** Categories that are no fixed on-premise sign: vehicle graphics move; yard signs are temporary. */
type NotFixed = 'vehicle-graphics' | 'yard-signs'
const NOT_FIXED: readonly string[] = ['vehicle-graphics', 'yard-signs'] satisfies NotFixed[]

/** Catalogue categories a fixed on-premise sign can be. */
export const SIGN_TYPES = CATALOGUE_CATEGORIES.filter(
  (c): c is Exclude<(typeof CATALOGUE_CATEGORIES)[number], NotFixed> => !NOT_FIXED.includes(c),
)
export type SignType = (typeof SIGN_TYPES)[number]

/** Everyday names accepted for a category (the "wall", "window", "digital", "A-frame"). */
export const SIGN_TYPE_ALIASES: Readonly<Record<string, SignType>> = Object.freeze({
  wall: 'channel-letters',
  fascia: 'channel-letters',
  window: 'window-graphics',
  digital: 'led-message-centre',
  'a-frame': 'sidewalk',
  projecting: 'blade',
})
/** Every value `sign.type` accepts: the categories, then the aliases. */
export const SIGN_TYPE_VALUES: readonly string[] = Object.freeze([...SIGN_TYPES, ...Object.keys(SIGN_TYPE_ALIASES)])

export const resolveSignType = (type: string): SignType | undefined =>
  (SIGN_TYPES as readonly string[]).includes(type) ? (type as SignType) : SIGN_TYPE_ALIASES[type]

/**
 * How a face sits to the street. `perpendicular`: faces oncoming traffic (pylon, monument, blade, A-frame;
 * double-faced, read from both directions). `parallel`: flat on the building (wall letters, window, banner):
 * USSC's parallel-sign study, read only obliquely, within Geopath's 60° maximum viewing angle.
 */
export type Orientation = 'perpendicular' | 'parallel'

export interface SignProfile {
  orientation: Orientation
  /** Typical face area, m², for a sign given without one (USSC Best Practices sizes for a 50 km/h street). */
  faceAreaM2: number
  /** Typical face height/width: how a face area given alone becomes a diagonal. */
  aspect: number
  /** Typical height of the face's centre above grade, m. */
  mountingHeightM: number
  /** Typical setback from the curb, m. */
  setbackM: number
  illuminated: boolean
  /** Changeable copy (LED): glances are more and longer at active signs (Beijer, Smiley & Eizenman 2004). */
  digital: boolean
}

const p = (orientation: Orientation, faceAreaM2: number, aspect: number, mountingHeightM: number, setbackM: number, lit: boolean) =>
  Object.freeze({ orientation, faceAreaM2, aspect, mountingHeightM, setbackM, illuminated: lit, digital: false })

export const SIGN_PROFILES: Readonly<Record<SignType, Readonly<SignProfile>>> = Object.freeze({
  'channel-letters': p('parallel', 4, 0.25, 5, 8, true),
  pylon: p('perpendicular', 6, 0.6, 7, 3, true),
  monument: p('perpendicular', 3, 0.4, 1.2, 3, true),
  lightbox: p('parallel', 3, 0.4, 4, 8, true),
  blade: p('perpendicular', 0.8, 1.5, 3.5, 3, true),
  'led-message-centre': Object.freeze({ ...p('perpendicular', 3, 0.5, 3, 3, true), digital: true }),
  sidewalk: p('perpendicular', 0.6, 1.4, 0.6, 1, false),
  banners: p('parallel', 2, 0.3, 4, 8, false),
  'window-graphics': p('parallel', 1.5, 0.6, 1.5, 8, false),
  wayfinding: p('perpendicular', 1, 1.5, 1.5, 3, false),
  'dimensional-letters': p('parallel', 3, 0.25, 4, 8, false),
  neon: p('parallel', 1, 0.5, 3, 8, true),
})

/** The sign assumed where a request has no `sign` block: the catalogue's most common storefront sign. */
export const DEFAULT_SIGN_TYPE: SignType = 'channel-letters'

/** The `sign` block of a request, after validation (types resolved, sizes checked by the schema). */
export interface SignInput {
  type: string
  /** m²; or width × height. */
  faceAreaM2?: number
  widthM?: number
  heightM?: number
  /** Height of the face's centre above grade, m. */
  mountingHeightM?: number
  setbackM?: number
  /** A street name of `audience.streets`, or "both" (every street in sight). */
  facing?: string
  illuminated?: boolean
}

/** A sign with every dimension known: the request's values over its type's typical ones. */
export interface ResolvedSign extends SignProfile {
  type: SignType
  diagonalM: number
  facing: string
  /** True where no `sign` block was given (the figure is for a typical sign of DEFAULT_SIGN_TYPE). */
  assumed: boolean
}

export function resolveSign(input: SignInput | undefined): ResolvedSign {
  const type = (input && resolveSignType(input.type.toLowerCase())) ?? DEFAULT_SIGN_TYPE
  const profile = SIGN_PROFILES[type]
  let diagonalM: number
  let faceAreaM2: number
  if (input?.widthM !== undefined && input.heightM !== undefined) {
    diagonalM = Math.hypot(input.widthM, input.heightM)
    faceAreaM2 = input.widthM * input.heightM
  } else {
    faceAreaM2 = input?.faceAreaM2 ?? profile.faceAreaM2
    // width w, height a·w: area a·w², diagonal w·√(1 + a²).
    const width = Math.sqrt(faceAreaM2 / profile.aspect)
    diagonalM = width * Math.sqrt(1 + profile.aspect ** 2)
  }
  return {
    ...profile,
    type,
    faceAreaM2,
    diagonalM,
    mountingHeightM: input?.mountingHeightM ?? profile.mountingHeightM,
    setbackM: input?.setbackM ?? profile.setbackM,
    illuminated: input?.illuminated ?? profile.illuminated,
    facing: input?.facing ?? 'both',
    assumed: input === undefined,
  }
}
