// The public view of a shared project: what the share page and GET /shared/:token show. Built from
// an allow-list of fields, so private ones (notes, user ids, location ids, inputs) never leak.
import { FACTOR_KEYS, FACTOR_LABELS, type FactorKey, type Grade, type Hourly, type Percentiles } from '../scoring'
import type { DataSource } from '../geo/geodata'
import type { LocationRow, ProjectRow } from './projects'
import { scoreResultOf } from './projects'

export interface SharedFactor {
  label: string
  score: number
  weight: number
}
export interface SharedLocation {
  address: string
  lat: number
  lng: number
  score: number
  grade: Grade
  factors: Record<FactorKey, SharedFactor>
  /** Where the score stands in its CMA (methodology 4.1.0 on): null on a result saved before. */
  percentiles: Percentiles | null
  /** The weekday audience hour by hour (methodology 4.1.0 on; the page draws it): null on a result saved before. */
  hourly: Hourly | null
}
export interface SharedProjectView {
  project: { name: string; description: string | null; createdAt: string; updatedAt: string }
  locations: SharedLocation[]
  dataSources: Record<string, DataSource>
  expiresAt: string
}

export function sharedProjectView(project: ProjectRow, locations: LocationRow[], expiresAt: string): SharedProjectView {
  const dataSources: Record<string, DataSource> = {}
  const shared = locations.map((l) => {
    const result = scoreResultOf(l)
    Object.assign(dataSources, result.dataSources ?? {})
    const factors = Object.fromEntries(
      FACTOR_KEYS.map((k) => {
        const f = result.factorScores?.[k]
        return [k, { label: f?.label ?? FACTOR_LABELS[k], score: f?.score ?? 0, weight: f?.weight ?? 0 }]
      }),
    ) as Record<FactorKey, SharedFactor>
    const percentiles = result.percentiles
    return {
      address: l.address,
      lat: l.lat,
      lng: l.lng,
      score: l.latestScore,
      grade: l.latestScoreGrade,
      factors,
      percentiles: percentiles ?? null,
      hourly: result.audience?.hourly ?? null,
    }
  })
  return {
    project: { name: project.name, description: project.description, createdAt: project.createdAt, updatedAt: project.updatedAt },
    locations: shared,
    dataSources,
    expiresAt,
  }
}
