// How the built-in provider scores a point or a place: through the same service as POST /score in the worker
// (services/scoring.ts `scoreLocation`: the street at the point, counted volumes, streets in sight), so a
// suggested point's score is what POST /score answers at its coordinates. Without a geodata store (offline
// evaluation, benches) the engine alone scores the geocoder's result, as POST /score would with no store bound.
import { buildScoreResult, type ScoreResult, type WeightProfile } from '../../../scoring'
import type { Geocoder } from '../../geocoder'
import { engineScorer } from '../../nearby'
import { scoreLocation } from '../../scoring'

export interface BuiltinScorer {
  /** POST /score at these coordinates. */
  at(lat: number, lng: number, weights: WeightProfile): Promise<ScoreResult>
  /** POST /score of this address as the geocoder reads it; null when it cannot be located. */
  address(text: string, weights: WeightProfile): Promise<ScoreResult | null>
}

/** The engine over the geocoder's answer, with no store: what offline callers (evaluation, benches) get. */
export function engineOnlyScorer(geocoder: Geocoder): BuiltinScorer {
  return {
    at: (lat, lng, weights) => engineScorer(weights)(lat, lng),
    async address(text, weights) {
      const hit = await geocoder.geocode(text).catch(() => null)
      if (!hit) return null
      const { lat, lng, address, precision, accuracyM, street } = hit
      return buildScoreResult({ lat, lng, address, precision, accuracyM, street }, weights)
    },
  }
}

/** POST /score's own service, with this environment's store and the geocoder the query uses. */
export function serviceScorer(env: Parameters<typeof scoreLocation>[0], geocoder: Geocoder): BuiltinScorer {
  return {
    at: (lat, lng, weights) => scoreLocation(env, { lat, lng }, weights),
    // A place that cannot be located is a 400 from the service: here it is "not located", never a failure.
    address: (text, weights) => scoreLocation(env, { address: text }, weights, { geocoder }).catch(() => null),
  }
}
