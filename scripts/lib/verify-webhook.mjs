// The receiver's side of webhook signatures: the snippet documented in docs/webhooks.md ("Verifying a
// delivery"), byte for byte (test/node/webhook-docs.test.ts compares them). Node only, no dependencies.
import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Returns the event if `header` (Sign-Placement-Signature) signs `body` (the raw request body, a string)
 * with `secret`, else throws. Refuses a timestamp more than `toleranceSeconds` from now (replays).
 */
export function verifyWebhook(body, header, secret, { toleranceSeconds = 300, now = Date.now() / 1000 } = {}) {
  const parts = String(header ?? '')
    .split(',')
    .map((part) => part.trim().split('='))
  const t = Number(parts.find(([k]) => k === 't')?.[1])
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v)
  if (!Number.isInteger(t) || !signatures.length) throw new Error('malformed signature header')
  if (Math.abs(now - t) > toleranceSeconds) throw new Error('timestamp outside the tolerance window')
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest()
  const match = signatures.some((s) => /^[0-9a-f]{64}$/.test(s) && timingSafeEqual(Buffer.from(s, 'hex'), expected))
  if (!match) throw new Error('no signature matches')
  return JSON.parse(body)
}
