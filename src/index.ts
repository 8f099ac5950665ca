import { app } from './app'
import type { Env } from './env'

export { RateLimiter } from './durable/rate-limiter'

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>
