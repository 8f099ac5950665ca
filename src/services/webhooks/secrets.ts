// Webhook signing secrets at rest (docs/webhooks.md "Secrets at rest"): sealed under WEBHOOK_SECRETS_KEY, bound
// to their endpoint's id (src/lib/secret-box.ts).
import type { Env } from '../../env'
import { requiredSecret } from '../../lib/crypto'
import { MIN_SEALING_KEY_LENGTH, openSecret, sealSecret } from '../../lib/secret-box'

const PURPOSE = 'sign-placement webhook signing secret v1'

/** The key, or the 500 that says the server is not configured for webhooks (checked before any work). */
export const webhookSecretsKey = (env: Pick<Env, 'WEBHOOK_SECRETS_KEY'>): string =>
  requiredSecret(env.WEBHOOK_SECRETS_KEY, 'WEBHOOK_SECRETS_KEY', 'Webhooks', MIN_SEALING_KEY_LENGTH)

export const sealWebhookSecret = (secret: string, key: string, endpointId: string): Promise<string> =>
  sealSecret(secret, key, PURPOSE, endpointId)

export const openWebhookSecret = (stored: string, key: string | undefined, endpointId: string): Promise<string> =>
  openSecret(stored, key, PURPOSE, endpointId)
