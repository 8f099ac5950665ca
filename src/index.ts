import { app } from './app'
import type { Env } from './env'
import { runMonitoring } from './services/monitoring'

export { RateLimiter } from './durable/rate-limiter'

export default {
  fetch: app.fetch,
  // Cron (wrangler.toml [triggers]): re-score monitored locations, write notifications (DESIGN §6).
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runMonitoring(env, { now: new Date(controller.scheduledTime) }).then((s) => console.log(JSON.stringify({ event: 'monitoring', cron: controller.cron, ...s }))))
  },
} satisfies ExportedHandler<Env>
