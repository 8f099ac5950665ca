import { describe, it, expect } from 'vitest'
import { call } from '../helpers/api'

describe('/docs works offline and is locked down', () => {
  it('loads the UI bundle from this server only, with a nonce-based CSP', async () => {
    const res = await call('/docs', { contract: false })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    const csp = res.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toMatch(/default-src 'none'/)
    expect(csp).toMatch(/connect-src 'self'/)
    expect(csp).not.toMatch(/https?:/)
    const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(0)
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`)
    const sources = [...res.text.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])
    expect(sources).toEqual(['/docs/scalar.js'])
    expect(res.text).not.toMatch(/cdn\.jsdelivr|unpkg\.com|fonts\.scalar\.com/)
  })

  it('serves the pinned UI bundle itself', async () => {
    const res = await call('/docs/scalar.js', { contract: false })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.text.length).toBeGreaterThan(100_000)
    expect(res.text).toContain('createApiReference')
  })

  it('a fresh nonce per response', async () => {
    const a = (await call('/docs', { contract: false })).headers.get('content-security-policy')
    const b = (await call('/docs', { contract: false })).headers.get('content-security-policy')
    expect(a).not.toBe(b)
  })
})
