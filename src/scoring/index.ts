// Public surface of the pure scoring engine.
export {
  FACTOR_KEYS,
  DEFAULT_WEIGHTS,
  FACTOR_LABELS,
  WEIGHT_SUM_TOLERANCE,
  WeightProfileSchema,
  type FactorKey,
  type WeightProfile,
} from './weights'
export { CURVES, applyCurve, factorScore, type Curve } from './curves'
export { FACTORS, perFactor, type FactorDefinition } from './factors'
export { gradeFor, GRADES, GRADE_THRESHOLDS, type Grade } from './grade'
export {
  scoreSignals,
  buildScoreResult,
  scoreResultJson,
  METHODOLOGY_VERSION,
  type ScoreResult,
  type FactorScore,
  type FactorScores,
  type LocatedInput,
} from './engine'
export { percentilesAt, percentileWords, profileTables, cmaLabel, countBelow, type Percentiles } from './percentiles'
export { explainScore, type ScoreExplanation, type FactorExplanation } from './explain'
export {
  ScoreResultSchema,
  PercentilesSchema,
  PERCENTILE_NATIONAL_TEXT,
  FactorScoreSchema,
  RawSignalSchema,
  DataSourceSchema,
} from './schema'
