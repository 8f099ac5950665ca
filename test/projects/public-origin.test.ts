import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { createApp } from '../../src/app'
import { createKey } from '../helpers/api'
import { createProject } from './fixtures'
import wranglerToml from '../../wrangler.toml?raw'

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
const app = createApp()

/** A request whose Host header an attacker (or a misrouted proxy) chose. */
async function postFromForgedHost(bindings: Record<string, string>, path: string, key: string, body: unknown) {
  const req = new Request(`https://evil.example${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json', 'cf-connecting-ip': '192.0.2.44' },
    body: JSON.stringify(body),
  })
  const res = await app.fetch(req, { ...env, ...bindings }, ctx)
  return { status: res.status, json: (await res.json()) as any }
}

describe('links handed out use the configured public origin, not the Host header', () => {
  const production = { ENVIRONMENT: 'production', PUBLIC_BASE_URL: 'https://api.signs.example.ca' }

  it('shareUrl and jsonUrl', async () => {
    const { key } = await createKey('pro')
    const projectId = await createProject(key)
    const res = await postFromForgedHost(production, `/api/v1/projects/${projectId}/share`, key, {})
    expect(res.status).toBe(201)
    expect(res.json.shareUrl).toMatch(/^https:\/\/api\.signs\.example\.ca\/share\//)
    expect(res.json.jsonUrl).toMatch(/^https:\/\/api\.signs\.example\.ca\/api\/v1\/shared\//)
  })

  it('reportUrl', async () => {
    const { key } = await createKey('pro')
    const res = await postFromForgedHost(production, '/api/v1/reports/score', key, { lat: 43.6487, lng: -79.3962 })
    expect(res.status).toBe(201)
    expect(res.json.reportUrl).toMatch(/^https:\/\/api\.signs\.example\.ca\/api\/v1\/reports\/files\//)
  })

  it('outside development, a missing PUBLIC_BASE_URL is a clear server error, never a link to the Host', async () => {
    const { key } = await createKey('pro')
    const projectId = await createProject(key)
    const res = await postFromForgedHost({ ENVIRONMENT: 'production', PUBLIC_BASE_URL: '' }, `/api/v1/projects/${projectId}/share`, key, {})
    expect(res.status).toBe(500)
    expect(res.json.error.message).toMatch(/PUBLIC_BASE_URL/)
    expect(JSON.stringify(res.json)).not.toContain('evil.example')
    const links = await env.DB.prepare('SELECT COUNT(*) AS n FROM share_links WHERE project_id = ?').bind(projectId).first<{ n: number }>()
    expect(links?.n).toBe(0)
  })

  it('a plain `wrangler deploy` is production (links never from the Host header); only local runs say development', async () => {
    const vars = /^\[vars\]\n([\s\S]*?)^\[/m.exec(wranglerToml)?.[1] ?? ''
    expect(vars).toMatch(/^ENVIRONMENT = "production"$/m)
    expect(wranglerToml).not.toMatch(/^ENVIRONMENT = "development"$/m)
    // With the deployed default and no PUBLIC_BASE_URL, a report is refused before anything is written.
    const { key, userId } = await createKey('pro')
    const res = await postFromForgedHost({ ENVIRONMENT: 'production' }, '/api/v1/reports/score', key, { lat: 43.6487, lng: -79.3962 })
    expect(res.status).toBe(500)
    expect(res.json.error.message).toMatch(/PUBLIC_BASE_URL/)
    expect(JSON.stringify(res.json)).not.toContain('evil.example')
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM reports WHERE user_id = ?').bind(userId).first<{ n: number }>()
    expect(rows?.n).toBe(0)
  })
})
