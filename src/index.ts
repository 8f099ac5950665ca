import { app } from './app'
import type { Env } from './env'
import { runMonitoring } from './services/monitoring'
import { WEBHOOK_SWEEP_CRON, wakeOverdue } from './services/webhooks/dispatch'
import { pruneWebhookLog } from './services/webhooks/retention'

export { RateLimiter } from './durable/rate-limiter'
export { WebhookDispatcher } from './durable/webhook-dispatcher'

export default {
  fetch: app.fetch,
  // Cron (wrangler.toml [triggers]): re-score monitored locations, write notifications (docs/decisions.md §6).
  scheduled(controller, env, ctx) {
    const started = Date.now()
    if (controller.cron === WEBHOOK_SWEEP_CRON) {
      ctx.waitUntil(wakeOverdue(env).then((woken) => woken && console.log(JSON.stringify({ event: 'webhook_sweep', woken }))))
      return
    }
    // The monitoring run writes its events in its batches; the sweep after it wakes their dispatchers at once; then
    // the webhook log older than its retention goes.
    ctx.waitUntil(
      runMonitoring(env, { now: new Date(controller.scheduledTime) })
        .then((s) => console.log(JSON.stringify({ event: 'monitoring', cron: controller.cron, ...s, ms: Date.now() - started })))
        .then(() => wakeOverdue(env))
        .then(() => pruneWebhookLog(env.DB, new Date(controller.scheduledTime)))
        .then((pruned) => console.log(JSON.stringify({ event: 'webhook_log_pruned', ...pruned }))),
    )
  },
} satisfies ExportedHandler<Env>
