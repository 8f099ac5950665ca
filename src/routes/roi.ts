// POST /api/v1/roi (spec §4.6, docs/decisions.md §8). The model is the pure module src/roi; a location, when given,
// is scored first so its traffic and pedestrian estimates drive the impressions (services/roi.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, int, jsonBody, jsonResponse } from '../lib/openapi'
import { roiFor } from '../services/roi'
import { locationFields, optionalLocation } from '../scoring/location'
import { ImpressionsSchema, SignSchema } from '../scoring'

/** Bounds keep every product of the model finite and far from float trouble. */
const MAX_DOLLARS = 1_000_000_000

export const RoiRequestSchema = z
  .object({
    overallScore: z
      .number({ error: 'overallScore is required (number 0-100)' })
      .min(0)
      .max(100)
      .openapi({ example: 82.5, description: 'Location score 0–100' }),
    signCost: z
      .number({ error: 'signCost is required (dollars, at least 1)' })
      .min(1, { error: 'signCost must be at least $1' })
      .max(MAX_DOLLARS)
      .openapi({ example: 12000, description: 'Sign cost in CAD dollars, 1 to 1,000,000,000' }),
    monthlyRevenue: z
      .number()
      .min(0)
      .max(MAX_DOLLARS)
      .optional()
      .openapi({ example: 1500, description: 'Expected monthly revenue impact in CAD dollars; replaces the CPM media value when given' }),
    ...locationFields,
    sign: SignSchema.optional(),
  })
  .superRefine(optionalLocation)
  .openapi('RoiRequest', {
    description: 'An optional location (address or lat/lng): its traffic and pedestrian estimates drive the ' + 'impressions',
  })

export const RoiEstimateSchema = z
  .object({
    estimatedDailyImpressions: int(0, 1_000_000_000_000).openapi({ description: 'Visibility-qualified impressions per day' }),
    estimatedMonthlyValue: z
      .number()
      .min(0)
      .max(1e12)
      .openapi({ description: 'CAD per month: media value at the CPM, or monthlyRevenue when given' }),
    paybackMonths: z
      .number()
      .min(0)
      .max(1e12)
      .nullable()
      .openapi({ description: 'signCost / monthly value; null when the monthly value is 0 (never pays back)' }),
    roiPercentage: z.number().min(-100).max(1e13).openapi({ description: 'Annualised: (12 × monthly value − signCost) / signCost × 100' }),
    assumptions: z
      .object({
        modelVersion: z.string().max(20),
        vehicleTrafficPerDay: z.number().min(0).max(1e9),
        pedestriansPerDay: z.number().min(0).max(1e9),
        vehicleOccupancy: z.number(),
        vehicleLikelihoodToSee: z
          .array(z.number().min(0).max(1))
          .max(20)
          .openapi({ description: 'Per street (audience.impressions.streets): share of the occupants passing who see the sign' }),
        pedestrianLikelihoodToSee: z.number().min(0).max(1),
        sign: ImpressionsSchema.shape.sign,
        impressionsMethod: z.string().max(400).openapi({ description: "audience.impressions' method text: the same model as /score" }),
        cpm: z.number().openapi({ description: 'CAD per 1,000 impressions' }),
        currency: z.literal('CAD'),
        daysPerMonth: int(28, 31),
        impressionsFrom: z.enum(['overallScore', 'location']),
        valueFrom: z.enum(['cpm', 'monthlyRevenue']),
        location: z
          .object({ address: z.string().max(400), lat: z.number(), lng: z.number(), overallScore: z.number() })
          .nullable()
          .openapi({ description: 'The location that drove the impressions; null when none was given' }),
        notes: z.array(z.string().max(400)).max(10),
      })
      .openapi({ description: 'The constants and inputs behind the estimate (docs/roi-methodology.md)' }),
  })
  .openapi('RoiEstimate')

const roiRoute = createRoute({
  method: 'post',
  path: '/roi',
  tags: ['ROI'],
  operationId: 'estimateRoi',
  summary: 'Estimate the return on a sign',
  description:
    "Daily impressions are the location's audience.impressions (visibility-adjusted: people passing × likelihood to see the " +
    'sign, the same model and method text as POST /score), or, without a location, the same model on the traffic and ' +
    'pedestrians overallScore implies (one class-3 street). An optional sign block describes the sign (default: a typical ' +
    'wall sign). Monthly value = impressions × 30 × CPM / 1000 (CPM $5 CAD), or monthlyRevenue when given. paybackMonths ' +
    'is null when the monthly value is 0.',
  request: { body: jsonBody(RoiRequestSchema) },
  responses: { 200: jsonResponse(RoiEstimateSchema, 'The ROI estimate and its assumptions'), ...errorResponses(400) },
})

export const roiRoutes = createRouter().openapi(roiRoute, async (c) => c.json(await roiFor(c.env, c.req.valid('json')), 200))
