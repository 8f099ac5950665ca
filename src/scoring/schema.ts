// OpenAPI/zod description of a score result (spec §2.2 + DESIGN §4 extras).
import { z } from '@hono/zod-openapi'
import { GRADES } from './grade'
import { WeightProfileSchema } from './weights'

export const RawSignalSchema = z.object({
  value: z.number(),
  unit: z.string(),
  method: z.string().openapi({ description: 'How the raw value was obtained (measured, looked up or modelled).' }),
  confidence: z.enum(['high', 'medium', 'low']),
}).openapi('RawSignal')

export const FactorScoreSchema = z.object({
  score: z.number().min(0).max(100),
  weight: z.number().min(0).max(1),
  label: z.string(),
  raw: RawSignalSchema,
}).openapi('FactorScore')

export const DataSourceSchema = z.object({
  name: z.string(), licence: z.string(), url: z.string(), vintage: z.string(),
}).openapi('DataSource')

export const ScoreResultSchema = z.object({
  overallScore: z.number().min(0).max(100).openapi({ description: 'Σ factor score × weight, one decimal', example: 87.4 }),
  grade: z.enum(GRADES),
  address: z.string().openapi({ description: 'Resolved display address (the given address when coordinates were also given)' }),
  lat: z.number(),
  lng: z.number(),
  factorScores: z.object({
    vehicleTraffic: FactorScoreSchema, roadClass: FactorScoreSchema, populationDensity: FactorScoreSchema, income: FactorScoreSchema,
    poiDensity: FactorScoreSchema, pedestrian: FactorScoreSchema, transit: FactorScoreSchema,
  }),
  dataSources: z.record(z.string(), DataSourceSchema),
  precision: z.enum(['coordinates', 'postal_code', 'city']).openapi({ description: 'How exactly the input was located' }),
  methodologyVersion: z.string(),
  dataVersion: z.string(),
}).openapi('ScoreResult')

export { WeightProfileSchema }
