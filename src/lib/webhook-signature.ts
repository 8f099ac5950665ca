// Webhook signatures (docs/webhooks.md "Verifying a delivery"), the Stripe scheme: one header
// `Sign-Placement-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The timestamp
// is signed with the body, so a receiver that refuses old timestamps also refuses replays. While a rolled
// secret's grace period lasts, the header carries one v1 per valid secret.
import { toHex } from './crypto'

export const SIGNATURE_HEADER = 'Sign-Placement-Signature'
/** A receiver should refuse a delivery whose timestamp is further than this from its own clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300

const encoder = new TextEncoder()

/** Hex HMAC-SHA256 of `<timestamp>.<body>` keyed with the whole secret string (`whsec_…`, as shown). */
export async function signPayload(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return toHex(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`))))
}

/** The header value for `body` sent at `timestamp`, signed with each of `secrets` (current first). */
export async function signatureHeader(secrets: string[], timestamp: number, body: string): Promise<string> {
  const signatures = await Promise.all(secrets.map((secret) => signPayload(secret, timestamp, body)))
  return [`t=${timestamp}`, ...signatures.map((s) => `v1=${s}`)].join(',')
}
