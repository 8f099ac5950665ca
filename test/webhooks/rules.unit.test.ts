// Pure webhook rules: the SSRF checks (lib/ssrf.ts) and the retry schedule with a fake clock.
import { describe, expect, it } from 'vitest'
import { blockedAddress, checkOutboundUrl } from '../../src/lib/ssrf'
import { attemptTimes, MAX_ATTEMPTS, nextAttemptAt, retryDelaySeconds } from '../../src/services/webhooks/schedule'

describe('SSRF rules in production', () => {
  const refused = (url: string) => {
    const check = checkOutboundUrl(url, { production: true })
    return check.ok ? null : check.reason
  }
  it.each([
    ['http://example.com/hook', /https/],
    ['https://127.0.0.1/hook', /loopback/],
    ['https://0x7f.1/hook', /loopback/], // hex form, normalised by the URL parser
    ['https://2130706433/hook', /loopback/], // decimal form
    ['https://10.1.2.3/', /private/],
    ['https://172.20.0.1/', /private/],
    ['https://192.168.1.10/', /private/],
    ['https://169.254.169.254/latest/meta-data', /link-local/],
    ['https://100.64.0.1/', /carrier-grade/],
    ['https://0.0.0.0/', /this network/],
    ['https://[::1]/', /loopback/],
    ['https://[::ffff:127.0.0.1]/', /loopback/],
    ['https://[::ffff:a9fe:a9fe]/', /link-local/],
    ['https://[fe80::1]/', /link-local/],
    ['https://[fd00::1]/', /private/],
    ['https://localhost/', /internal/],
    ['https://api.localhost/', /internal/],
    ['https://printer.local/', /internal/],
    ['https://metadata.google.internal/', /internal/],
    ['https://intranet/', /internal/],
    ['https://user:pw@example.com/', /user name or password/],
    ['ftp://example.com/', /http\(s\)/],
    ['not a url', /http\(s\)/],
  ])('%s is refused', (url, reason) => {
    expect(refused(url)).toMatch(reason)
  })
  it.each(['https://example.com/hook', 'https://8.8.8.8/', 'https://[2606:4700:4700::1111]/', 'https://hooks.example.co.uk:8443/x?y=1'])(
    '%s is accepted',
    (url) => expect(refused(url)).toBeNull(),
  )
  it('outside production any http(s) URL is accepted (npm run webhooks:listen on 127.0.0.1)', () => {
    expect(checkOutboundUrl('http://127.0.0.1:9000/', { production: false }).ok).toBe(true)
    expect(checkOutboundUrl('ftp://127.0.0.1/', { production: false }).ok).toBe(false)
  })
  it('judges resolved addresses the same way', () => {
    expect(blockedAddress('93.184.216.34')).toBeNull()
    expect(blockedAddress('2606:4700::6810:84e5')).toBeNull()
    expect(blockedAddress('192.168.0.1')).toBe('private')
    expect(blockedAddress('64:ff9b::7f00:1')).toBe('loopback')
  })
})

describe('retry schedule (fake clock)', () => {
  const t0 = new Date('2030-01-01T00:00:00Z')
  it('backs off exponentially from 30 s, capped at 6 h', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 90, 270, 810])
    expect(retryDelaySeconds(20)).toBe(6 * 3600)
    expect(nextAttemptAt(1, t0)!.toISOString()).toBe('2030-01-01T00:00:30.000Z')
  })
  it('keeps trying for more than 24 h, then gives up', () => {
    const times = attemptTimes(t0)
    expect(times).toHaveLength(MAX_ATTEMPTS)
    const span = (times[times.length - 1].getTime() - t0.getTime()) / 3600_000
    expect(span).toBeGreaterThan(24)
    expect(span).toBeLessThan(48)
    expect(nextAttemptAt(MAX_ATTEMPTS, times[times.length - 1])).toBeNull()
    for (let i = 1; i < times.length; i++) expect(times[i].getTime()).toBeGreaterThan(times[i - 1].getTime())
  })
  it('jitter adds at most a tenth of the delay', () => {
    const plain = nextAttemptAt(3, t0, 0)!.getTime() - t0.getTime()
    const jittered = nextAttemptAt(3, t0, 1)!.getTime() - t0.getTime()
    expect(jittered).toBe(Math.round(plain * 1.1))
  })
})
