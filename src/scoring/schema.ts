// OpenAPI/zod description of a score result (spec §2.2 + docs/decisions.md §4 extras).
import { z } from '@hono/zod-openapi'
import { GEOCODE_PRECISIONS, WARNING_CODES } from '../geo/geodata'
import { latitude, longitude } from './location'
import { perFactor } from './factors'
import { GRADES } from './grade'
import { HourlySchema, ImpressionsSchema } from './plan-schema'
import { WeightProfileSchema } from './weights'

export const RawSignalSchema = z
  .object({
    value: z.number().min(0).max(1e9),
    unit: z.string().max(80),
    method: z.string().max(200).openapi({ description: 'How the raw value was obtained (measured, looked up or modelled).' }),
    confidence: z.enum(['high', 'medium', 'low']),
  })
  .openapi('RawSignal')

export const FactorScoreSchema = z
  .object({
    score: z.number().min(0).max(100),
    weight: z.number().min(0).max(1),
    label: z.string().max(60),
    raw: RawSignalSchema,
  })
  .openapi('FactorScore')

export const DataSourceSchema = z
  .object({
    name: z.string().max(200),
    licence: z.string().max(400),
    url: z.string().url().max(300),
    vintage: z.string().max(200),
  })
  .openapi('DataSource')

export const ScoreWarningSchema = z
  .object({
    code: z.enum(WARNING_CODES).openapi({ description: 'Machine-readable reason; switch on this, not on the message.' }),
    message: z.string().max(300),
  })
  .openapi('ScoreWarning')

const persons = (description: string) => z.number().min(0).max(1e9).openapi({ description })
const AudienceStreetSchema = z
  .object({
    name: z.string().max(120),
    roadClass: z.number().min(1).max(6).openapi({ description: 'Road class, 1 local … 6 freeway' }),
    dailyVehicles: persons('Estimated vehicles per day on this street, both directions'),
    distanceM: z
      .number()
      .min(0)
      .nullable()
      .openapi({ description: 'Metres from the point to its centreline; null where not measured (a street named by an address point)' }),
  })
  .openapi('AudienceStreet')
export const AudienceSchema = z
  .object({
    dailyVehicles: persons('Vehicles passing per day on every street in `streets` (at a counted intersection: every approach)'),
    dailyPedestrians: persons('Pedestrians passing per day (the pedestrian raw value)'),
    dailyPersons: persons('People passing per day: dailyVehicles × occupancy + dailyPedestrians (circulation)'),
    interval: z
      .object({ low: persons('p10'), high: persons('p90') })
      .openapi({ description: "p10–p90 of dailyPersons, from the models' held-out residuals (docs/methodology.md §2.4)" }),
    occupancy: z.number().min(0).max(10).openapi({ description: 'Persons per vehicle assumed (Canadian Vehicle Survey ≈ 1.6; 1.5 used)' }),
    method: z.string().max(300),
    sources: z.array(z.string().max(60)).max(20).openapi({ description: 'Keys of dataSources the audience rests on' }),
    streets: z
      .array(AudienceStreetSchema)
      .max(20)
      .openapi({
        description:
          'The streets a sign at the point can face: its own street first, then every other named street within 35 m ' +
          '(a corner is seen from both streets). `dailyVehicles` above is their sum; the vehicleTraffic factor is the busiest one. ' +
          'Empty where no street is known (a postal-area or city position).',
      }),
    impressions: ImpressionsSchema.nullable().openapi({
      description: 'People likely to see the sign (4.1; in every new result; results saved before 4.1 have none)',
    }),
    hourly: HourlySchema.nullable().openapi({
      description: 'Weekday hour by hour and the weekend (4.1; in every new result; results saved before 4.1 have none)',
    }),
  })
  .openapi('Audience')

/** Written by hand (the schema imports no artefact); test/scoring/percentiles.unit.test.ts checks it names every covered CMA. */
export const PERCENTILE_NATIONAL_TEXT =
  '% of the street frontage of every covered CMA (Toronto, Montréal, Vancouver, Ottawa, Kitchener–Cambridge–Waterloo) that scores ' +
  'lower with the same weights, each CMA weighted by its population.'
const percent = (description: string) => z.number().int().min(0).max(100).openapi({ format: 'int32', description })
export const PercentilesSchema = z
  .object({
    cma: percent(
      "% of the street frontage sampled in the point's census metropolitan area (CMA) that scores lower with the same weights. " +
        'null where that CMA is not covered, or the point is in none: a CMA_NOT_COVERED warning says why.',
    )
      .nullable()
      .openapi({ example: 92 }),
    national: percent(PERCENTILE_NATIONAL_TEXT).openapi({ example: 88 }),
    cmaName: z
      .string()
      .max(80)
      .nullable()
      .openapi({ description: 'The CMA `cma` is within (Statistics Canada name); null with `cma`', example: 'Toronto' }),
  })
  .openapi('Percentiles', {
    description:
      'Where the score stands: exact over a fixed sample of 1,000 points along the streets of each covered CMA, for any weights; ' +
      'sampling error ±3 points (95 %). docs/methodology.md §9. Present on every result from methodology 4.1.0 ' +
      '(null on a result saved before, and if the build holds no samples).',
  })

export const ScoreResultSchema = z
  .object({
    overallScore: z.number().min(0).max(100).openapi({ description: 'Σ factor score × weight, one decimal', example: 87.4 }),
    grade: z.enum(GRADES),
    address: z
      .string()
      .max(400)
      .openapi({
        description:
          'Resolved display address (the given address when coordinates were also given). For coordinates alone: the civic ' +
          'address within 15 m, else the nearest street and its cross street ("Yonge Street near Eglinton Avenue East, Toronto, ON"), ' +
          'else the coordinates',
      }),
    lat: latitude,
    lng: longitude,
    factorScores: z.object(perFactor(() => FactorScoreSchema)),
    audience: AudienceSchema,
    percentiles: PercentilesSchema.nullable(),
    dataSources: z.record(z.string(), DataSourceSchema),
    precision: z.enum(GEOCODE_PRECISIONS).openapi({
      description:
        'How exactly the input was located, most exact first: `coordinates` (given by the caller), ' +
        '`address` (a civic address point), ' +
        '`interpolated` (between the nearest civic numbers on the same side of the street), `street` (a point of the named street), ' +
        '`intersection` (where two named streets meet), `postal_code` (the postal area, FSA), `city` (the place). See docs/geocoding.md.',
    }),
    accuracyM: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .openapi({
        format: 'int32',
        description:
          'Radius in metres within which the located point most likely is: 0 for coordinates as given, ' +
          'about 10 for an address point, ' +
          "the neighbours' spread for an interpolation, the street's extent, the postal area's or the city's radius.",
        example: 10,
      }),
    warnings: z
      .array(ScoreWarningSchema)
      .max(20)
      .openapi({
        description:
          'What is less exact than it looks: a location known only to a city or postal area, a street the data does not have, ' +
          'no road nearby, in a park or on water. Empty when nothing is.',
      }),
    methodologyVersion: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/)
      .max(20),
    dataVersion: z.string().max(400),
  })
  .openapi('ScoreResult')

export { WeightProfileSchema }
