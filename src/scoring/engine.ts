// The scoring engine: raw signals + weights → factor scores, overall score and grade. Pure and
// deterministic: no clock, no randomness, no I/O.
import { DATA_SOURCES, DATA_VERSION, type DataSource, type GeocodePrecision, type ScoreWarning } from '../geo/geodata'
import {
  featuresAt,
  type Exposure,
  type FactorSignals,
  type FeatureOptions,
  type KnownStreet,
  type MeasuredCount,
  type RawSignal,
} from '../geo/signals'
import type { SightStreetInput } from '../geo/signals'
import { audienceOf, type Audience } from './audience'
import { withPlanning } from './audience-plan'
import type { SignInput } from './sign'
import { factorScore } from './curves'
import { gradeFor, type Grade } from './grade'
import { percentilesAt, type Percentiles } from './percentiles'
import { DEFAULT_WEIGHTS, FACTOR_KEYS, FACTOR_LABELS, type FactorKey, type WeightProfile } from './weights'

export const METHODOLOGY_VERSION = '5.0.0'

export interface FactorScore {
  score: number
  weight: number
  label: string
  raw: RawSignal
}
export type FactorScores = Record<FactorKey, FactorScore>

export interface ScoreResult {
  overallScore: number
  grade: Grade
  address: string
  lat: number
  lng: number
  factorScores: FactorScores
  /** People passing per day (circulation), with its p10–p90 interval. */
  audience: Audience
  /** Share of street frontage scoring lower with the same weights, in the point's CMA and in the covered CMAs (methodology §9). */
  percentiles: Percentiles | null
  /** The bundled table itself (DATA_SOURCES, frozen), the same object in every result. */
  dataSources: Readonly<Record<string, Readonly<DataSource>>>
  precision: GeocodePrecision
  /** Radius in metres within which the located point most likely is (0: coordinates as given). */
  accuracyM: number
  /** What is less exact than it looks (city-only location, no road nearby, …); empty when nothing is. */
  warnings: ScoreWarning[]
  methodologyVersion: string
  dataVersion: string
}

export function scoreSignals(
  signals: FactorSignals,
  weights: WeightProfile = DEFAULT_WEIGHTS,
): { factorScores: FactorScores; overallScore: number } {
  const factorScores = {} as FactorScores
  let total = 0
  for (const key of FACTOR_KEYS) {
    const raw = signals[key]
    const score = factorScore(key, raw.value)
    const weight = weights[key]
    factorScores[key] = { score, weight, label: FACTOR_LABELS[key], raw }
    total += score * weight
  }
  return { factorScores, overallScore: Math.round(total * 10) / 10 }
}

export interface LocatedInput {
  lat: number
  lng: number
  address: string
  precision: GeocodePrecision
  accuracyM?: number
  street?: KnownStreet
  ruralRoute?: boolean
  ruralPostalCode?: boolean
  /** Counted volumes the geodata store holds near the point (services/count-store.ts): used at an exact position only. */
  measuredCounts?: readonly MeasuredCount[]
  /** Every street within sight of an exact position (services/street-store.ts streetsInSightOf). */
  streetsInSight?: readonly SightStreetInput[]
  /** Metres to the nearest street of a network that holds streets around the point (coordinates only). */
  networkNearestM?: number
  /** Warnings from locating the input (geocoder), carried into the result. */
  warnings?: readonly ScoreWarning[]
}

/** The API's features: no hold-outs, memos on (one object for every score). */
const NO_OPTIONS: FeatureOptions = Object.freeze({})

/** `sign`: the caller's sign for `audience.impressions` (a typical sign of the default type without one). */
export function buildScoreResult(input: LocatedInput, weights: WeightProfile = DEFAULT_WEIGHTS, sign?: SignInput): ScoreResult {
  const warnings = input.warnings ? [...input.warnings] : []
  const exposure: Exposure = {}
  const signals = featuresAt(
    {
      lat: input.lat,
      lng: input.lng,
      street: input.street,
      precision: input.precision,
      ruralRoute: input.ruralRoute,
      ruralPostalCode: input.ruralPostalCode,
      measuredCounts: input.measuredCounts,
      streetsInSight: input.streetsInSight,
      networkNearestM: input.networkNearestM,
    },
    NO_OPTIONS,
    warnings,
    exposure,
  )
  const { factorScores, overallScore } = scoreSignals(signals, weights)
  const ranked = percentilesAt(input.lat, input.lng, overallScore, weights)
  if (ranked.warning) warnings.push(ranked.warning)
  return {
    overallScore,
    grade: gradeFor(overallScore),
    address: input.address,
    lat: input.lat,
    lng: input.lng,
    factorScores,
    audience: withPlanning(audienceOf(signals, exposure), signals, sign),
    percentiles: ranked.percentiles ?? null,
    dataSources: DATA_SOURCES,
    precision: input.precision,
    accuracyM: input.accuracyM ?? 0,
    warnings,
    methodologyVersion: METHODOLOGY_VERSION,
    dataVersion: DATA_VERSION,
  }
}

const SOURCE_KEYS = Object.keys(DATA_SOURCES)
let sourcesJson: string | undefined
/**
 * A result's dataSources is the bundled table (buildScoreResult shares it; a stored result has a copy): same keys, in
 * order, holding the same entries.
 */
function isBundledSources(sources: Readonly<Record<string, Readonly<DataSource>>>): boolean {
  if (sources === DATA_SOURCES) return true
  const keys = Object.keys(sources)
  if (keys.length !== SOURCE_KEYS.length) return false
  for (let i = 0; i < keys.length; i++) if (keys[i] !== SOURCE_KEYS[i] || sources[keys[i]] !== DATA_SOURCES[keys[i]]) return false
  return true
}

/**
 * `JSON.stringify(result)`, byte for byte, with the dataSources block (6.5 of a result's 9 KB, the same
 * in every result) serialised once per isolate instead of per response: half of a score's serialising.
 */
export function scoreResultJson(result: ScoreResult): string {
  if (!isBundledSources(result.dataSources)) return JSON.stringify(result)
  sourcesJson ??= JSON.stringify(DATA_SOURCES)
  let json = ''
  for (const key of Object.keys(result)) {
    const value = key === 'dataSources' ? sourcesJson : JSON.stringify(result[key as keyof ScoreResult])
    if (value !== undefined) json += `${json ? ',' : '{'}${JSON.stringify(key)}:${value}`
  }
  return json ? `${json}}` : '{}'
}
