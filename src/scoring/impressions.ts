// Visibility-adjusted impressions (docs/methodology.md §2.7): the people passing (audience) times a
// likelihood to see this sign. Geopath's model in miniature: a face is noticed once it spans 1.5° of the
// viewer's field (the maximum noticing distance), is viewable within 60° of its face, and the longer it is in
// view, the likelier it is seen. Each street has its own speed (its class) and its own lateral offset (its
// width plus the setback); pedestrians walk past at 1.2 m/s. Pure: numbers in, numbers out.
import type { ResolvedSign } from './sign'

/** Geopath: an object is first noticed when it spans 1.5° of the field of view (minimum angular size). */
export const MIN_ANGULAR_SIZE_DEG = 1.5
/** Geopath: a face turned more than 60° from the viewer's line of sight is unviewable. */
export const MAX_VIEWING_ANGLE_DEG = 60
/** Driver's eye height, m (TAC Geometric Design Guide / AASHTO sight-distance design value, 1.05–1.08 m). */
export const DRIVER_EYE_M = 1.08
export const PEDESTRIAN_EYE_M = 1.6
/**
 * Highest elevation of a face above the line of sight that still counts (assumption): 10° for drivers,
 * whose glances stay near the road ahead (Geopath: the mid and far periphery are less likely seen), 30°
 * for pedestrians, who turn their heads.
 */
export const MAX_ELEVATION_DEG = { driver: 10, pedestrian: 30 } as const
/** Walking speed, m/s (TAC/MUTCD pedestrian design speed 1.0–1.2 m/s; the faster end, the safe side). */
export const WALKING_SPEED_MS = 1.2
/** Pedestrians walk ≈ 2 m from the curb (the middle of a 4 m urban sidewalk). */
export const SIDEWALK_OFFSET_M = 2
/**
 * Posted speed by road class 1 local … 6 freeway, km/h: the built-up default of the provincial highway
 * traffic acts (50), 40 on locals (Toronto, Vancouver, Montréal), 60 on major arterials, 80 expressways, 100 freeways.
 */
export const SPEED_KMH_BY_CLASS = [40, 40, 50, 50, 60, 80, 100] as const
/** Curb to centreline, m, by class: lanes per direction × 3.5 m (TAC lane widths 3.3–3.7 m) plus parking or median. */
export const HALF_WIDTH_M_BY_CLASS = [4, 4, 5.5, 7, 9, 11, 15] as const
/**
 * Likelihood to see a face in view for a long time (assumption anchored on Geopath/Route eye-tracking hit rates of
 * ≈ 30–60 % for roadside faces: the top of the range, reached only by large faces in view for many seconds).
 */
export const LTS_MAX = 0.6
/** Seconds in view that give 63 % of LTS_MAX (assumption: about three fixations of ≈ 0.75 s plus road checks; Beijer et al. 2004). */
export const LTS_SECONDS = 3
/** An active (LED) face draws more and longer glances (Beijer, Smiley & Eizenman 2004; Dukic et al. 2013): ×1.25 (assumed size). */
export const DIGITAL_FACTOR = 1.25
/** An unlit face in the dark hours keeps this share of its daytime likelihood (street lighting; assumption). */
export const UNLIT_AT_NIGHT = 0.25
/** A face centred below 2 m is hidden behind parked and passing vehicles on a class ≥ 3 street half of the time (assumption). */
export const LOW_FACE = { belowM: 2, fromClass: 3, share: 0.5 } as const
/** Relative spread of the likelihood-to-see model, applied on top of the audience's p10–p90 (the 30–60 % band's ±1/3, doubled). */
export const LTS_SPREAD = { low: 0.5, high: 1.5 } as const

const RAD = Math.PI / 180
const TAN_MIN_ANGLE = Math.tan(MIN_ANGULAR_SIZE_DEG * RAD)
const TAN_VIEW = Math.tan(MAX_VIEWING_ANGLE_DEG * RAD)

const byClass = (table: readonly number[], roadClass: number) => table[Math.min(6, Math.max(1, Math.round(roadClass)))]

/** Metres of road along which the face is noticeable, viewable and not too high, for a viewer passing at lateral offset `lateralM`. */
export function viewingWindowM(sign: ResolvedSign, lateralM: number, eyeM: number, maxElevationDeg: number): number {
  const noticeM = sign.diagonalM / TAN_MIN_ANGLE
  if (noticeM <= lateralM) return 0
  let hi = Math.sqrt(noticeM * noticeM - lateralM * lateralM)
  let lo = 0
  // A parallel face is viewable only within 60° of its normal (across the road); a perpendicular one only beyond 60° of it.
  if (sign.orientation === 'parallel') hi = Math.min(hi, lateralM * TAN_VIEW)
  else lo = lateralM / TAN_VIEW
  const rise = sign.mountingHeightM - eyeM
  if (rise > 0) {
    const nearestM = rise / Math.tan(maxElevationDeg * RAD)
    if (nearestM > lateralM) lo = Math.max(lo, Math.sqrt(nearestM * nearestM - lateralM * lateralM))
  }
  return Math.max(0, hi - lo)
}

/** Likelihood to see after `seconds` in view: saturating, LTS_MAX × (1 − e^(−t/LTS_SECONDS)), × the digital factor, capped at 0.9. */
export function likelihoodToSee(seconds: number, digital: boolean): number {
  const p = LTS_MAX * (1 - Math.exp(-seconds / LTS_SECONDS)) * (digital ? DIGITAL_FACTOR : 1)
  return Math.min(0.9, p)
}

export interface ImpressionStreet {
  name: string
  speedKmh: number
  secondsInView: number
  likelihoodToSee: number
  /** Vehicle occupants per day on this street likely to see the sign. */
  impressions: number
}

export interface Impressions {
  /** People per weekday likely to see the sign (vehicle occupants + pedestrians). */
  daily: number
  interval: { low: number; high: number }
  vehicles: number
  pedestrians: number
  /** Pedestrians' likelihood to see (vehicles: per street, in `streets`). */
  pedestrianLikelihood: number
  streets: ImpressionStreet[]
  sign: {
    type: string
    faceAreaM2: number
    mountingHeightM: number
    setbackM: number
    facing: string
    illuminated: boolean
    assumed: boolean
  }
  confidence: 'low'
  method: string
}

export interface ImpressionsInput {
  sign: ResolvedSign
  streets: readonly { name: string; roadClass: number; dailyVehicles: number }[]
  dailyPedestrians: number
  occupancy: number
  /** The audience's p10–p90 over its dailyPersons (≤ 1, ≥ 1). */
  audienceSpread: { low: number; high: number }
  /** The audience's p90: no one sees a sign more often than they pass it, so the impressions' p90 stays below. */
  audienceHigh: number
  /** Shares of the weekday's vehicles and pedestrians in the dark hours (hourly.ts darkShares): what an unlit face loses. */
  dark: { vehicles: number; pedestrians: number }
}

const round = (v: number) => (v >= 1000 ? Math.round(v / 100) * 100 : Math.round(v))
const r2 = (v: number) => Math.round(v * 100) / 100

export const IMPRESSIONS_METHOD =
  'modelled (confidence low): people passing × likelihood to see (Geopath-style: noticed at 1.5° of view, viewable within 60°, ' +
  'seen more the longer in view), per street at its class speed and width plus the setback; docs/methodology.md §2.7'
const ASSUMED_NOTE = '; no sign block was given: a typical sign of the default type (channel-letters, wall) was assumed'

const ASSUMED_METHOD = IMPRESSIONS_METHOD + ASSUMED_NOTE

function nightFactor(illuminated: boolean, darkShare: number): number {
  return illuminated ? 1 : 1 - darkShare * (1 - UNLIT_AT_NIGHT)
}

export function impressionsOf(input: ImpressionsInput): Impressions {
  const { sign, streets } = input
  const faced = sign.facing.toLowerCase() === 'both' ? undefined : sign.facing.toLowerCase()
  const vehicleNight = nightFactor(sign.illuminated, input.dark.vehicles)
  const perStreet: ImpressionStreet[] = []
  let vehicles = 0
  for (const s of streets) {
    const speedKmh = byClass(SPEED_KMH_BY_CLASS, s.roadClass)
    const lateral = byClass(HALF_WIDTH_M_BY_CLASS, s.roadClass) + sign.setbackM
    const seen = faced === undefined || faced === s.name.toLowerCase()
    const seconds = seen ? viewingWindowM(sign, lateral, DRIVER_EYE_M, MAX_ELEVATION_DEG.driver) / (speedKmh / 3.6) : 0
    const hidden = sign.mountingHeightM < LOW_FACE.belowM && s.roadClass >= LOW_FACE.fromClass ? LOW_FACE.share : 1
    const lts = seen ? likelihoodToSee(seconds, sign.digital) * hidden * vehicleNight : 0
    const seeing = s.dailyVehicles * input.occupancy * lts
    vehicles += seeing
    perStreet.push({ name: s.name, speedKmh, secondsInView: r2(seconds), likelihoodToSee: r2(lts), impressions: round(seeing) })
  }
  const pedSeconds =
    viewingWindowM(sign, SIDEWALK_OFFSET_M + sign.setbackM, PEDESTRIAN_EYE_M, MAX_ELEVATION_DEG.pedestrian) / WALKING_SPEED_MS
  // Facing one street of several: the pedestrians on that street's sidewalks, an equal share.
  const pedShare = faced === undefined || streets.length <= 1 ? 1 : 1 / streets.length
  const pedLts = likelihoodToSee(pedSeconds, sign.digital) * nightFactor(sign.illuminated, input.dark.pedestrians)
  const pedestrians = input.dailyPedestrians * pedShare * pedLts
  const daily = vehicles + pedestrians
  return {
    daily: round(daily),
    interval: {
      low: round(daily * input.audienceSpread.low * LTS_SPREAD.low),
      high: round(Math.min(daily * input.audienceSpread.high * LTS_SPREAD.high, input.audienceHigh)),
    },
    vehicles: round(vehicles),
    pedestrians: round(pedestrians),
    pedestrianLikelihood: r2(pedLts),
    streets: perStreet,
    sign: {
      type: sign.type,
      faceAreaM2: r2(sign.faceAreaM2),
      mountingHeightM: sign.mountingHeightM,
      setbackM: sign.setbackM,
      facing: sign.facing,
      illuminated: sign.illuminated,
      assumed: sign.assumed,
    },
    confidence: 'low',
    method: sign.assumed ? ASSUMED_METHOD : IMPRESSIONS_METHOD,
  }
}
