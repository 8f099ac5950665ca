import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonResponse, text, Timestamp, Uuid } from '../lib/openapi'
import { principalOf } from '../middleware/plan-gate'
import { monthUsage } from '../middleware/rate-limit'
import { PLAN_LIMITS, PLANS } from '../auth/plans'

const count = z.number().int().min(0).max(1e10).openapi({ format: 'int64' })

const MeSchema = z
  .object({
    user: z.object({ id: Uuid, email: text(254), plan: z.enum(PLANS), createdAt: Timestamp }),
    key: z.object({
      id: Uuid,
      name: text(100),
      prefix: text(12).openapi({ example: 'sk_live_4f9Q' }),
      mode: z.enum(['live', 'test']),
      createdAt: Timestamp,
    }),
    limits: z.object({
      requestsPerMinute: count,
      monthlyQuota: count,
      reports: z.boolean(),
      prospects: z.boolean(),
      siteFinder: z.boolean(),
    }),
    usage: z.object({
      month: z
        .string()
        .regex(/^\d{4}-\d{2}$/)
        .max(7)
        .openapi({ example: '2026-11' }),
      requests: count.openapi({ description: 'Requests counted this month, including this one' }),
      remaining: count,
      resetsAt: Timestamp.openapi({ description: 'Start of next month (UTC), ISO 8601' }),
    }),
  })
  .openapi('Me')

const getMe = createRoute({
  method: 'get',
  path: '/me',
  tags: ['Account'],
  summary: 'The calling key: its user, plan, limits and this month’s usage',
  responses: { 200: jsonResponse(MeSchema, 'The caller'), ...errorResponses() },
})

export const meRoutes = createRouter().openapi(getMe, async (c) => {
  const principal = principalOf(c)
  const { requestsPerMinute, monthlyQuota, reports, prospects, siteFinder } = PLAN_LIMITS[principal.plan]
  const limits = { requestsPerMinute, monthlyQuota, reports, prospects, siteFinder }
  const quota = await monthUsage(c, principal)
  return c.json(
    {
      user: { id: principal.userId, email: principal.email, plan: principal.plan, createdAt: principal.userCreatedAt },
      key: { id: principal.keyId, ...principal.key },
      limits,
      usage: {
        month: quota?.month ?? new Date().toISOString().slice(0, 7),
        requests: quota?.used ?? 0,
        remaining: quota?.remaining ?? limits.monthlyQuota,
        resetsAt: new Date((quota?.reset ?? 0) * 1000).toISOString(),
      },
    },
    200,
  )
})
