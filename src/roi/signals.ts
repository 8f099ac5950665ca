// The ROI model's inputs taken from a score result's raw factor values (vehicles/day, pedestrians/day).
import type { ScoreResult } from '../scoring'

export function signalsOf(result: Pick<ScoreResult, 'factorScores'>) {
  return {
    vehicleTrafficPerDay: result.factorScores.vehicleTraffic.raw.value,
    pedestriansPerDay: result.factorScores.pedestrian.raw.value,
  }
}
