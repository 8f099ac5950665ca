import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { call, createKey, expectError } from '../helpers/api'
import { addLocation, createProject, MONTREAL_ADDRESS, share, tokenOf, TORONTO } from './fixtures'

/** Fetches a public URL without a key; /share/ pages as a browser would (Accept: text/html) unless told. */
async function open(
  url: string,
  accept = new URL(url).pathname.startsWith('/share/') ? 'text/html,application/xhtml+xml,*/*;q=0.8' : 'application/json',
) {
  return call(new URL(url).pathname, { headers: { accept } })
}

async function sharedProject(name = 'Shared <b>demo</b>') {
  const owner = await createKey()
  const projectId = await createProject(owner.key, { name, description: 'Two candidate sites & more' })
  await addLocation(owner.key, projectId, { ...TORONTO, notes: 'SECRET-NOTE landlord 416-555-0199' })
  await addLocation(owner.key, projectId, { address: MONTREAL_ADDRESS })
  return { owner, projectId }
}

describe('POST /projects/:id/share', () => {
  it('201 {shareUrl, expiresAt}: default 30 days, absolute URL on the request origin, 43-char token', async () => {
    const { owner, projectId } = await sharedProject()
    const before = Date.now()
    const res = await call(`/api/v1/projects/${projectId}/share`, { key: owner.key, method: 'POST' })
    expect(res.status).toBe(201)
    expect(res.json.shareUrl).toMatch(/^http:\/\/api\.test\/share\/[A-Za-z0-9_-]{43}$/)
    expect(res.json.jsonUrl).toBe(`http://api.test/api/v1/shared/${tokenOf(res.json.shareUrl)}`)
    const days = (Date.parse(res.json.expiresAt) - before) / 86_400_000
    expect(days).toBeGreaterThan(29.99)
    expect(days).toBeLessThan(30.01)
  })

  it('expiresInDays sets the expiry; only the token hash is stored', async () => {
    const { owner, projectId } = await sharedProject()
    const link = await share(owner.key, projectId, { expiresInDays: 7 })
    expect(Math.round((Date.parse(link.expiresAt) - Date.now()) / 86_400_000)).toBe(7)
    const token = tokenOf(link.shareUrl)
    const rows = await env.DB.prepare('SELECT * FROM share_links WHERE id = ?').bind(link.id).all()
    expect(JSON.stringify(rows.results)).not.toContain(token)
  })

  it('expiresInDays outside 1–365 or not an integer → 400', async () => {
    const { owner, projectId } = await sharedProject()
    for (const expiresInDays of [0, 366, 1.5, -3, '7']) {
      const err = expectError(
        await call(`/api/v1/projects/${projectId}/share`, { key: owner.key, body: { expiresInDays } }),
        400,
        'BAD_REQUEST',
      )
      expect(err.details?.[0].path).toBe('expiresInDays')
    }
    expect((await call(`/api/v1/projects/${projectId}/share`, { key: owner.key, body: { expiresInDays: 365 } })).status).toBe(201)
  })
})

describe('public share: JSON and HTML', () => {
  it('GET /api/v1/shared/:token without a key → the project, locations with factor scores, attribution; no private fields', async () => {
    const { owner, projectId } = await sharedProject()
    const link = await share(owner.key, projectId)
    const res = await open(link.jsonUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-robots-tag')).toContain('noindex')
    expect(res.json.project.name).toBe('Shared <b>demo</b>')
    expect(res.json.locations).toHaveLength(2)
    expect(res.json.locations[0]).toMatchObject({ lat: TORONTO.lat, lng: TORONTO.lng })
    expect(Object.keys(res.json.locations[0].factors)).toHaveLength(7)
    expect(Object.keys(res.json.dataSources).length).toBeGreaterThan(0)
    expect(res.text).not.toContain('SECRET-NOTE')
    expect(res.text).not.toContain(owner.userId)
    expect(res.text).not.toContain(projectId)
    expect(res.text).not.toMatch(/"(notes|userId|id)"/)
  })

  it(
    'GET /share/:token → HTML page: escaped name, table with grades and factor bars, SVG plot, ' + 'attribution, noindex; no notes',
    async () => {
      const { owner, projectId } = await sharedProject()
      const detail = await call(`/api/v1/projects/${projectId}`, { key: owner.key })
      const link = await share(owner.key, projectId)
      const page = await open(link.shareUrl)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toContain('text/html')
      expect(page.headers.get('x-robots-tag')).toContain('noindex')
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">')
      expect(page.text).toContain('Shared &lt;b&gt;demo&lt;/b&gt;')
      expect(page.text).not.toContain('<b>demo</b>')
      expect(page.text).toContain('Two candidate sites &amp; more')
      expect(page.text).toContain('<svg')
      expect(page.text.match(/<circle /g)).toHaveLength(2)
      for (const l of detail.json.locations) {
        expect(page.text).toContain(`>${l.grade.replace('+', '+')}</span>`)
        expect(page.text).toContain(l.score.toFixed(1))
      }
      expect(page.text.match(/class="bar"/g)).toHaveLength(14)
      expect(page.text).toContain('Data: ')
      expect(page.text).not.toContain('SECRET-NOTE')
    },
  )

  it('unknown token → 404 (JSON envelope / HTML page); characters outside base64url → 400', async () => {
    const json = await open(`http://x/api/v1/shared/${'A'.repeat(43)}`)
    expectError(json, 404, 'NOT_FOUND')
    expectError(await open('http://x/api/v1/shared/short'), 404, 'NOT_FOUND')
    expectError(await open('http://x/api/v1/shared/bad%20code!'), 400, 'BAD_REQUEST')
    const page = await open(`http://x/share/${'A'.repeat(43)}`)
    expect(page.status).toBe(404)
    expect(page.text).toContain('Link not found')
  })

  it('an expired link → 410 GONE (JSON) and a 410 page', async () => {
    const { owner, projectId } = await sharedProject()
    const link = await share(owner.key, projectId, { expiresInDays: 1 })
    await env.DB.prepare('UPDATE share_links SET expires_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), link.id)
      .run()
    const err = expectError(await open(link.jsonUrl), 410, 'GONE')
    expect(err.message).toMatch(/expired/)
    const page = await open(link.shareUrl)
    expect(page.status).toBe(410)
    expect(page.text).toContain('expired')
    expect(page.text).not.toContain('Shared &lt;b&gt;')
    // A non-browser client asking for the page gets the JSON envelope instead.
    expectError(await open(link.shareUrl, '*/*'), 410, 'GONE')
    expectError(await open(link.shareUrl.replace(/[^/]+$/, 'A'.repeat(43)), 'application/json'), 404, 'NOT_FOUND')
  })

  it('revoking a link → 410 from then on; other links of the project keep working; listing shows revokedAt', async () => {
    const { owner, projectId } = await sharedProject()
    const a = await share(owner.key, projectId)
    const b = await share(owner.key, projectId)
    const revoked = await call(`/api/v1/projects/${projectId}/shares/${a.id}`, { key: owner.key, method: 'DELETE' })
    expect(revoked.status).toBe(200)
    expect(revoked.json.revokedAt).toBeTruthy()
    expectError(await open(a.jsonUrl), 410, 'GONE')
    expect((await open(a.shareUrl)).status).toBe(410)
    expect((await open(b.jsonUrl)).status).toBe(200)
    const list = await call(`/api/v1/projects/${projectId}/shares`, { key: owner.key })
    expect(list.status).toBe(200)
    expect(list.json.map((s: any) => [s.id, s.revokedAt !== null]).sort()).toEqual(
      [
        [a.id, true],
        [b.id, false],
      ].sort(),
    )
    expect(JSON.stringify(list.json)).not.toContain(tokenOf(a.shareUrl))
  })

  it('deleting the project makes its links 404', async () => {
    const { owner, projectId } = await sharedProject()
    const link = await share(owner.key, projectId)
    await call(`/api/v1/projects/${projectId}`, { key: owner.key, method: 'DELETE' })
    expectError(await open(link.jsonUrl), 404, 'NOT_FOUND')
  })

  it('the shared view follows later changes to the project (it is live, not a snapshot)', async () => {
    const { owner, projectId } = await sharedProject()
    const link = await share(owner.key, projectId)
    await call(`/api/v1/projects/${projectId}`, { key: owner.key, method: 'PATCH', body: { name: 'Renamed' } })
    expect((await open(link.jsonUrl)).json.project.name).toBe('Renamed')
  })
})
