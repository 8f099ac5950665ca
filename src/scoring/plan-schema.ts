// OpenAPI/zod description of the planning additions of methodology 4.1 (issue 34 items 1–2): the request's
// `sign` block, `audience.impressions`, `audience.hourly` and the day parts `/compare` ranks by.
import { z } from '@hono/zod-openapi'
import { DAY_PART_NAMES, DAY_PARTS } from './hourly'
import { DEFAULT_SIGN_TYPE, SIGN_TYPE_ALIASES, SIGN_TYPE_VALUES } from './sign'

const metres = (max: number, description: string) => z.number().min(0).max(max).openapi({ description })
const positiveMetres = (field: string, max: number, description: string) =>
  z
    .number()
    .gt(0, { error: `${field} must be greater than 0` })
    .max(max)
    .openapi({ description })

const aliases = Object.entries(SIGN_TYPE_ALIASES)
  .map(([alias, type]) => `${alias} = ${type}`)
  .join(', ')

export const SignSchema = z
  .strictObject({
    type: z.enum(SIGN_TYPE_VALUES as [string, ...string[]]).openapi({
      description: `A catalogue category (GET /api/v1/products?category=…) or an everyday name for one (${aliases})`,
      example: 'pylon',
    }),
    faceAreaM2: positiveMetres('sign.faceAreaM2', 500, 'Face area, m² (one face); or give widthM and heightM').optional(),
    widthM: positiveMetres('sign.widthM', 50, 'Face width, m (with heightM; replaces faceAreaM2)').optional(),
    heightM: positiveMetres('sign.heightM', 30, 'Face height, m (with widthM)').optional(),
    mountingHeightM: metres(60, "Height of the face's centre above grade, m").optional(),
    setbackM: metres(300, 'Distance from the curb to the face, m').optional(),
    facing: z
      .string()
      .min(1)
      .max(120)
      .optional()
      .openapi({
        description:
          'The street the face is read from: one of the `audience.streets` names at the point, or "both" ' +
          '(default: every street in sight). ' +
          'An unknown street → 400 listing the streets at the point.',
        example: 'both',
      }),
    illuminated: z.boolean().optional().openapi({ description: "Lit at night (default: the type's typical sign)" }),
  })
  .superRefine((sign, ctx) => {
    if ((sign.widthM === undefined) !== (sign.heightM === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [sign.widthM === undefined ? 'widthM' : 'heightM'],
        message: 'give widthM and heightM together',
      })
  })
  .openapi('Sign', {
    description:
      `The sign to put up, for \`audience.impressions\`. Without it, impressions are for a typical ${DEFAULT_SIGN_TYPE} sign; ` +
      "every field left out takes the type's typical value (docs/methodology.md §2.7).",
  })

const count = (description: string) => z.number().min(0).max(1e9).openapi({ description })
const share = (description: string) => z.number().min(0).max(1).openapi({ description })

export const ImpressionsSchema = z
  .object({
    daily: count('People per weekday likely to see the sign: vehicle occupants + pedestrians'),
    interval: z
      .object({ low: count('p10'), high: count('p90') })
      .openapi({ description: "The audience's p10–p90 widened by the likelihood-to-see model's own spread (×0.5 … ×1.5)" }),
    vehicles: count('Vehicle occupants per day likely to see it'),
    pedestrians: count('Pedestrians per day likely to see it'),
    pedestrianLikelihood: share('Likelihood that a pedestrian walking past sees it'),
    streets: z
      .array(
        z.object({
          name: z.string().max(120),
          speedKmh: z.number().min(0).max(200).openapi({ description: "The class's posted speed assumed" }),
          secondsInView: z.number().min(0).max(1e4).openapi({ description: 'Seconds the face is noticeable and viewable at that speed' }),
          likelihoodToSee: share('Share of the occupants passing who see it (0 on a street it does not face)'),
          impressions: count('Occupants per day on this street likely to see it'),
        }),
      )
      .max(20),
    sign: z
      .object({
        type: z.string().max(40),
        faceAreaM2: z.number().min(0).max(1e4),
        mountingHeightM: z.number().min(0).max(100),
        setbackM: z.number().min(0).max(1000),
        facing: z.string().max(120),
        illuminated: z.boolean(),
        assumed: z.boolean().openapi({ description: 'true: no sign block was given; a typical sign of the default type was assumed' }),
      })
      .openapi({ description: 'The sign the figure is for, every dimension resolved' }),
    confidence: z.enum(['low']).openapi({ description: 'Modelled from published visibility research, not measured at the point' }),
    method: z.string().max(400),
  })
  .openapi('Impressions', { description: 'Visibility-adjusted impressions (modelled; docs/methodology.md §2.7)' })

const hours = (what: string) =>
  z
    .array(z.number().min(0).max(1e8))
    .min(24)
    .max(24)
    .openapi({ description: `${what} in each weekday hour, local time; index 0 = 00:00–00:59` })

export const HourlySchema = z
  .object({
    vehicles: hours('Vehicles'),
    pedestrians: hours('Pedestrians'),
    weekendFactor: z
      .object({ vehicles: z.number().min(0).max(5), pedestrians: z.number().min(0).max(5) })
      .openapi({ description: "A weekend day's volume over a weekday's" }),
    centrality: share('0 suburban … 1 downtown core (POIs within 1 km): how the profiles are mixed'),
    context: z.enum(['downtown', 'mixed', 'suburban']),
    method: z.string().max(400),
  })
  .openapi('Hourly', { description: 'Day parts: the weekday audience hour by hour (modelled; docs/methodology.md §2.8)' })

const partHours = Object.entries(DAY_PARTS)
  .map(([name, [from, to]]) => `${name} ${from}–${to} h`)
  .join(', ')
export const RANK_BY_VALUES = ['overallScore', 'impressions', ...DAY_PART_NAMES] as const
export const RankBySchema = z.enum(RANK_BY_VALUES).openapi({
  description:
    'What /compare sorts by, highest first: overallScore (default), impressions (audience.impressions.daily), or the people ' +
    `passing in a day part (vehicles × occupancy + pedestrians over its hours: ${partHours}; weekend: a weekend day)`,
  example: 'weekdayPM',
})
