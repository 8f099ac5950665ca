import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { wakeDispatcher } from '../services/webhooks/dispatch'

/**
 * After a route's batch wrote webhook events for `userId`: wake their dispatcher once the response is on its
 * way (`waitUntil`), so neither the wake nor any delivery slows or fails the request.
 */
export const wakeWebhooks = (c: Context<AppEnv>, userId: string) => c.executionCtx.waitUntil(wakeDispatcher(c.env, userId))
