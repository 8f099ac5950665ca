import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../lib/openapi'

export const HEALTH_PATH = '/healthz'

const healthz = createRoute({
  method: 'get',
  path: HEALTH_PATH,
  tags: ['Meta'],
  summary: 'Liveness probe (no key, not rate limited)',
  security: [],
  responses: { 200: { description: 'Alive', content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } } } },
})

export const healthRoutes = createRouter().openapi(healthz, (c) => c.json({ ok: true as const }, 200))
