import { app } from './app'
import type { Env } from './env'
import { runMonitoring } from './services/monitoring'

export { RateLimiter } from './durable/rate-limiter'

export default {
  fetch: app.fetch,
  // Cron (wrangler.toml [triggers]): re-score monitored locations, write notifications (docs/decisions.md §6).
  scheduled(controller, env, ctx) {
    const started = Date.now()
    ctx.waitUntil(
      runMonitoring(env, { now: new Date(controller.scheduledTime) }).then((s) =>
        console.log(JSON.stringify({ event: 'monitoring', cron: controller.cron, ...s, ms: Date.now() - started })),
      ),
    )
  },
} satisfies ExportedHandler<Env>
