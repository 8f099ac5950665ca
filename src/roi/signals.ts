// The ROI model's inputs taken from a score result: its audience block (vehicles/day, pedestrians/day),
// or the raw factor values for results saved before methodology 3.0 (no audience block).
import type { ScoreResult } from '../scoring'

export function signalsOf(result: Pick<ScoreResult, 'factorScores'> & { audience?: ScoreResult['audience'] }) {
  return {
    vehicleTrafficPerDay: result.audience?.dailyVehicles ?? result.factorScores.vehicleTraffic.raw.value,
    pedestriansPerDay: result.audience?.dailyPedestrians ?? result.factorScores.pedestrian.raw.value,
  }
}
