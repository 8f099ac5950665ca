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
export { SignSchema, ImpressionsSchema, HourlySchema, RankBySchema, RANK_BY_VALUES } from './plan-schema'
export { CATALOGUE_CATEGORIES, SIGN_TYPES, SIGN_TYPE_VALUES, DEFAULT_SIGN_TYPE, type SignInput } from './sign'
export { DAY_PARTS, DAY_PART_NAMES, peopleIn, type DayPart, type Hourly } from './hourly'
export { impressionsOf, type Impressions } from './impressions'
export { hourlyChart, hourSpan, HOURLY_CHART_TITLE, type HourlyChart, type HourlySeries } from './hourly-chart'
export { UNNAMED_STREET } from './audience-plan'
