import { DurableObject } from 'cloudflare:workers'
import type { Env, WebhookDispatcherRpc } from '../env'
import { deliverDue } from '../services/webhooks/deliver'

/**
 * One per user (idFromName(userId)): sends the user's webhook deliveries from its alarm (docs/decisions.md
 * §10). An alarm is stored with the object, so it survives restarts, deploys and evictions, and the runtime
 * retries an alarm that throws. The state of every delivery is in D1 (the outbox); the object keeps only
 * the user id and its alarm, so a lost object loses nothing the cron's sweep cannot wake again.
 */
export class WebhookDispatcher extends DurableObject<Env> implements WebhookDispatcherRpc {
  /** Something is due for `userId` now: run the alarm now unless it is set sooner. */
  async wake(userId: string): Promise<void> {
    this.ctx.storage.kv.put('userId', userId)
    const now = Date.now()
    const current = await this.ctx.storage.getAlarm()
    if (current === null || current > now) await this.ctx.storage.setAlarm(now)
  }

  override async alarm(): Promise<void> {
    const userId = this.ctx.storage.kv.get<string>('userId')
    if (!userId) return
    const next = await deliverDue(this.env, userId)
    if (next) await this.ctx.storage.setAlarm(Math.max(next.getTime(), Date.now()))
  }
}
