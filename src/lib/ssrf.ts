// The one set of SSRF rules (docs/webhooks.md "Which URLs are accepted"): which hosts and addresses a URL
// given by a client may make the worker call. Pure: services/webhooks/url-guard.ts adds the DNS answers.

/** Names that only mean something inside a network, whatever they resolve to. */
const INTERNAL_SUFFIXES = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home.arpa', 'localdomain']

/** IPv4 ranges that are not the public internet: [first octets as a 32-bit number, prefix length, name]. */
const V4_BLOCKED: [string, number, string][] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
]

const v4Number = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0)
const V4_PATTERN = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

export function isIPv4(ip: string): boolean {
  const m = V4_PATTERN.exec(ip)
  return !!m && m.slice(1).every((part) => Number(part) <= 255)
}

/** Why an IPv4 address is not public (loopback, private, link-local, …), or null when it is. */
export function blockedIPv4(ip: string): string | null {
  const n = v4Number(ip)
  for (const [base, bits, name] of V4_BLOCKED) {
    const size = 2 ** (32 - bits)
    const start = v4Number(base)
    if (n >= start && n < start + size) return name
  }
  return null
}

/** The eight 16-bit groups of an IPv6 address (with or without brackets, `::`, an embedded IPv4), or null. */
export function parseIPv6(raw: string): number[] | null {
  let ip = raw.replace(/^\[|\]$/g, '').toLowerCase()
  if (ip.includes('%')) return null // zone ids name an interface: never public
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip)
  if (v4) {
    if (!isIPv4(v4[1])) return null
    const n = v4Number(v4[1])
    ip = ip.slice(0, -v4[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`
  }
  const halves = ip.split('::')
  if (halves.length > 2) return null
  const parse = (part: string) => (part === '' ? [] : part.split(':'))
  const head = parse(halves[0])
  const tail = halves.length === 2 ? parse(halves[1]) : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null
  return groups.map((g) => Number.parseInt(g, 16))
}

/** Why an IPv6 address is not public, or null when it is. IPv4 inside IPv6 (mapped, NAT64) is judged as IPv4. */
export function blockedIPv6(ip: string): string | null {
  const g = parseIPv6(ip)
  if (!g) return 'not an address'
  const embeddedV4 = () => `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`
  if (g.every((x) => x === 0)) return 'unspecified'
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'loopback'
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return blockedIPv4(embeddedV4()) // ::ffff:a.b.c.d
  if (g.slice(0, 6).every((x) => x === 0)) return blockedIPv4(embeddedV4()) ?? 'IPv4-compatible' // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return blockedIPv4(embeddedV4())
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique local (private)'
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local'
  if ((g[0] & 0xff00) === 0xff00) return 'multicast'
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation'
  return null
}

/** Why an address (v4 or v6) is not on the public internet, or null when it is. */
export const blockedAddress = (ip: string): string | null => (isIPv4(ip) ? blockedIPv4(ip) : blockedIPv6(ip))

export type UrlCheck = { ok: true; url: URL; host: string; literal: boolean } | { ok: false; reason: string }

/**
 * The rules that need no DNS. In production a client's URL must be https, carry no credentials, and
 * name neither an internal host name nor a non-public address literal. Outside production (local dev,
 * tests) any http(s) URL is accepted, so `npm run webhooks:listen` can receive on 127.0.0.1.
 */
export function checkOutboundUrl(raw: string, options: { production: boolean }): UrlCheck {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: 'url must be an absolute http(s) URL' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'url must be an absolute http(s) URL' }
  if (url.username || url.password) return { ok: false, reason: 'url must not contain a user name or password' }
  // WHATWG URL parsing already turned 0x7f.1, 2130706433 and 127.1 into 127.0.0.1, so literals are canonical here.
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()
  const literal = isIPv4(host) || host.includes(':')
  if (!options.production) return { ok: true, url, host, literal }
  if (url.protocol !== 'https:') return { ok: false, reason: 'url must use https' }
  if (literal) {
    const why = blockedAddress(host)
    if (why) return { ok: false, reason: `url must not point to a ${why} address` }
    return { ok: true, url, host, literal }
  }
  if (!host.includes('.') || INTERNAL_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`)))
    return { ok: false, reason: `url must name a public host (${host} is internal)` }
  return { ok: true, url, host, literal }
}
