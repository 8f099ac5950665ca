// Webhook URLs against the SSRF rules (lib/ssrf.ts), plus what they need DNS for: in production every
// address a host name resolves to must be public. Checked when an endpoint is created and again before
// each delivery, since a name may be pointed elsewhere later (DNS rebinding).
import type { Env } from '../../env'
import { isLocalEnvironment } from '../../lib/public-origin'
import { blockedAddress, checkOutboundUrl } from '../../lib/ssrf'

/** DNS over HTTPS (JSON API): a Worker cannot resolve names itself. */
export const DOH_URL = 'https://cloudflare-dns.com/dns-query'
const DNS_TIMEOUT_MS = 3000
const A = 1
const AAAA = 28

export type UrlVerdict = { ok: true; url: string } | { ok: false; reason: string }

async function resolve(host: string, type: 'A' | 'AAAA'): Promise<string[]> {
  const res = await fetch(`${DOH_URL}?name=${encodeURIComponent(host)}&type=${type}`, {
    headers: { accept: 'application/dns-json' },
    signal: AbortSignal.timeout(DNS_TIMEOUT_MS),
  })
  if (!res.ok) throw new Error(`DNS answered ${res.status}`)
  const body = (await res.json()) as { Status?: number; Answer?: { type: number; data: string }[] }
  return (body.Answer ?? []).filter((a) => a.type === (type === 'A' ? A : AAAA)).map((a) => a.data)
}

/** Whether the worker may send to `raw` (production rules unless ENVIRONMENT is development or test). */
export async function checkWebhookUrl(env: Pick<Env, 'ENVIRONMENT'>, raw: string): Promise<UrlVerdict> {
  const production = !isLocalEnvironment(env)
  const check = checkOutboundUrl(raw, { production })
  if (!check.ok) return check
  if (!production || check.literal) return { ok: true, url: check.url.href }
  let addresses: string[]
  try {
    addresses = (await Promise.all([resolve(check.host, 'A'), resolve(check.host, 'AAAA')])).flat()
  } catch {
    // Fail closed: an unverifiable name is not sent to.
    return { ok: false, reason: `url host ${check.host} could not be resolved; try again` }
  }
  if (!addresses.length) return { ok: false, reason: `url host ${check.host} does not resolve` }
  for (const address of addresses) {
    const why = blockedAddress(address)
    if (why) return { ok: false, reason: `url host ${check.host} resolves to a ${why} address (${address})` }
  }
  return { ok: true, url: check.url.href }
}
