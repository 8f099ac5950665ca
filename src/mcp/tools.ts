// The MCP tools (docs/mcp.md). Each one validates its arguments with the REST route's own zod schema and
// calls the service that route calls, so a tool and its endpoint cannot disagree; only the shape handed
// to the model differs (no constant dataSources block in every result: it is a resource).
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { locationFields } from '../scoring/location'
import { assertFeature, principalOf } from '../middleware/plan-gate'
import { DEFAULT_WEIGHTS, explainScore, type ScoreResult } from '../scoring'
import { compareLocations, geocodeAddress, scoreLocation } from '../services/scoring'
import { nearbyQuotaUnits } from '../services/nearby'
import { roiFor } from '../services/roi'
import { CompareRequestSchema, deferTo, ScoreRequestSchema } from '../routes/score'
import { NearbyRequestSchema, search } from '../routes/nearby'
import { RoiRequestSchema } from '../routes/roi'

export interface McpTool {
  name: string
  title: string
  description: string
  input: z.ZodType
  run(c: Context<AppEnv>, args: unknown): Promise<unknown>
}

/** Typed where it is written; stored untyped in the table (the arguments were parsed with `input` first). */
const tool = <S extends z.ZodType>(
  t: Omit<McpTool, 'run' | 'input'> & { input: S; run(c: Context<AppEnv>, args: z.output<S>): Promise<unknown> },
) => t as McpTool

const DATA_SOURCES_NOTE = 'Data sources and licences: resource sign-placement://data-sources; method: sign-placement://methodology.'
const ONE_REQUEST = 'Counts as 1 API request against your per-minute limit and monthly quota.'
const LOCATION_NOTE =
  'Give `address` (a Canadian street address, an intersection such as "King St W & Spadina Ave, Toronto", a postal code ' +
  'or a city) OR `lat` and `lng` together.'

/** A score result for a model: every field but the constant data-sources table. */
function forModel(result: ScoreResult): Omit<ScoreResult, 'dataSources'> {
  const { dataSources: _omitted, ...rest } = result
  return rest
}

const GeocodeRequestSchema = z.object({
  address: locationFields.address.unwrap().openapi({
    example: '100 Queen St W, Toronto, ON M5H 2N2',
    description: 'A Canadian street address, intersection, postal code or city',
  }),
})

export const MCP_TOOLS: readonly McpTool[] = [
  tool({
    name: 'score_location',
    title: 'Score a location for a sign',
    description:
      'Score one Canadian location for sign placement: overallScore 0–100, a letter grade (A+ … F), and seven factor ' +
      'scores (vehicle traffic, road class, population density, household income, nearby businesses, pedestrian ' +
      'activity, transit access), each with the raw value, how it was obtained and a confidence; plus `audience`, ' +
      `people passing per day with a p10–p90 range, the people likely to see the sign (\`audience.impressions\`; an optional ` +
      '`sign` block describes it) and the weekday hour by hour (`audience.hourly`). ' +
      `${LOCATION_NOTE} Always read \`precision\` and \`warnings\`: a ` +
      'city or postal-code position is far less exact than a street address. Optional `weights` (all seven keys, ' +
      `summing to 1) re-weight the factors for a business. ${ONE_REQUEST} ${DATA_SOURCES_NOTE}`,
    input: ScoreRequestSchema,
    run: async (c, args) =>
      forModel(await scoreLocation(c.env, args, args.weights ?? DEFAULT_WEIGHTS, { defer: deferTo(c), sign: args.sign })),
  }),
  tool({
    name: 'compare_locations',
    title: 'Compare 2 to 5 locations',
    description:
      'Score 2 to 5 Canadian locations with the same weights and rank them, best first: use it for "which of these ' +
      'places is better for our sign?". Each location is an address or lat+lng. If any location cannot be located, ' +
      'the call fails with BAD_REQUEST naming it (locations.N) and nothing is ranked. `rankBy` ranks by impressions or a ' +
      'day part (weekdayAM, weekdayMidday, weekdayPM, weekdayEvening, weekend) instead of overallScore. Returns `results` (full scores, ' +
      `best first; ties keep input order) and \`winner\` (address, score, grade). ${ONE_REQUEST}`,
    input: CompareRequestSchema,
    run: async (c, args) => {
      const { results, winner, rankBy, rankValues } = await compareLocations(c.env, args.locations, args.weights ?? DEFAULT_WEIGHTS, {
        defer: deferTo(c),
        sign: args.sign,
        rankBy: args.rankBy,
      })
      return {
        rankBy,
        rankValues,
        results: results.map(forModel),
        winner: { address: winner.address, overallScore: winner.overallScore, grade: winner.grade },
      }
    },
  }),
  tool({
    name: 'find_best_spot_nearby',
    title: 'Find the best spot nearby (site finder)',
    description:
      'Site finder, Pro plan and above (FORBIDDEN on Free): score a grid of candidate points, `spacingM` apart, within ' +
      '`radiusM` of an address or lat/lng, and return the best `limit` spots, each at least 2 × spacingM from the ' +
      'others, with its distance (m) and bearing (degrees clockwise from north) from the centre and its full score; ' +
      "plus the centre's own score. Use it when the user can choose where within a neighbourhood to put the sign. " +
      'Costs 1 request plus 1 monthly quota unit per started 100 grid points (500 m radius at 50 m spacing ≈ 317 ' +
      'points → 5 units in all); QUOTA_EXCEEDED, with nothing charged, when they do not fit in what is left. The ' +
      'grid itself (for a heat map) is only in the REST API, POST /api/v1/score/nearby.',
    input: NearbyRequestSchema,
    run: async (c, args) => {
      assertFeature(principalOf(c).plan, 'siteFinder')
      const found = await search(c, args)
      return {
        centre: forModel(found.centre),
        radiusM: found.radiusM,
        spacingM: found.spacingM,
        gridPoints: found.points.length,
        quotaUnits: nearbyQuotaUnits(found.points.length),
        best: found.best.map((b) => ({ rank: b.rank, distanceM: b.distanceM, bearingDeg: b.bearingDeg, result: forModel(b.result) })),
      }
    },
  }),
  tool({
    name: 'geocode',
    title: 'Locate a Canadian address',
    description:
      'Locate a Canadian street address, intersection, postal code or city without scoring it: lat/lng, the resolved ' +
      'display address, `precision` (coordinates, address, interpolated, street, intersection, postal_code or city, ' +
      'most exact first), `accuracyM` (the radius in metres the point is most likely within), street, city, province, ' +
      'postal code and warnings. Use it to check what an ambiguous address resolves to before scoring; an address ' +
      `that cannot be located is BAD_REQUEST. ${ONE_REQUEST}`,
    input: GeocodeRequestSchema,
    run: async (c, args) => {
      const found = await geocodeAddress(c.env, args.address, { defer: deferTo(c) })
      return {
        address: found.address,
        lat: found.lat,
        lng: found.lng,
        precision: found.precision,
        accuracyM: found.accuracyM,
        street: found.street?.name ?? null,
        city: found.city ?? null,
        province: found.province ?? null,
        postalCode: found.postalCode ?? null,
        warnings: found.warnings,
      }
    },
  }),
  tool({
    name: 'explain_score',
    title: "Explain a location's score",
    description:
      'Explain why a location scores what it does. For each of the seven factors: the raw value at the point (with ' +
      'its method and confidence), the curve that turns it into 0–100, the points it adds to overallScore (highest ' +
      'first; they sum to overallScore within rounding) and the next anchor of its curve (what it would take to score ' +
      `more); plus a short summary and the location's precision and warnings. Same input as score_location. ${ONE_REQUEST}`,
    input: ScoreRequestSchema,
    run: async (c, args) => explainScore(await scoreLocation(c.env, args, args.weights ?? DEFAULT_WEIGHTS, { defer: deferTo(c) })),
  }),
  tool({
    name: 'estimate_roi',
    title: 'Estimate the return on a sign',
    description:
      'Estimate what a sign returns: daily impressions, monthly value in CAD (media value at a $5 CPM, or your ' +
      '`monthlyRevenue`), payback in months (null when it never pays back) and annualised ROI %, with every ' +
      'assumption listed. Give `overallScore` (0–100, e.g. from score_location) and `signCost` (CAD). Adding the ' +
      'location (address or lat/lng) is better: its own traffic and pedestrian estimates then drive the impressions. ' +
      `These are model estimates, not a forecast of sales. ${ONE_REQUEST}`,
    input: RoiRequestSchema,
    run: async (c, args) => roiFor(c.env, args),
  }),
]
