// Cross-user matrix: for every project, location, share and notification route, another user's key
// gets 404 (never 403) and the owner's data is unchanged afterwards.
import { describe, it, expect, beforeAll } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'
import { addLocation, createProject, share, TORONTO, VANCOUVER } from './fixtures'

let owner: Awaited<ReturnType<typeof createKey>>
let intruder: Awaited<ReturnType<typeof createKey>>
let projectId: string
let locationId: string
let shareId: string
let jsonUrl: string
let notificationId: string
let intruderProjectId: string

async function snapshot() {
  const publicJson = await call(new URL(jsonUrl).pathname)
  return {
    list: (await call('/api/v1/projects', { key: owner.key })).json,
    detail: (await call(`/api/v1/projects/${projectId}`, { key: owner.key })).json,
    location: (await call(`/api/v1/projects/${projectId}/locations/${locationId}`, { key: owner.key })).json,
    shares: (await call(`/api/v1/projects/${projectId}/shares`, { key: owner.key })).json,
    notifications: (await call('/api/v1/notifications', { key: owner.key })).json,
    shared: { status: publicJson.status, body: publicJson.json },
  }
}

beforeAll(async () => {
  // Enterprise keys: the snapshots make many calls and the free plan allows 60 per minute.
  owner = await createKey('enterprise')
  intruder = await createKey('enterprise')
  projectId = await createProject(owner.key, { name: 'Private', description: 'owner only' })
  locationId = (await addLocation(owner.key, projectId, { ...TORONTO, notes: 'private note' })).id
  const link = await share(owner.key, projectId)
  shareId = link.id
  jsonUrl = link.jsonUrl
  notificationId = (await call('/api/v1/notifications', { key: owner.key })).json[0].id
  intruderProjectId = await createProject(intruder.key, { name: 'Mine' })
})

const routes: { name: string; run: () => Promise<{ status: number; json: any }> }[] = [
  { name: 'GET /projects/:id', run: () => call(`/api/v1/projects/${projectId}`, { key: intruder.key }) },
  {
    name: 'PATCH /projects/:id',
    run: () => call(`/api/v1/projects/${projectId}`, { key: intruder.key, method: 'PATCH', body: { name: 'pwned' } }),
  },
  { name: 'DELETE /projects/:id', run: () => call(`/api/v1/projects/${projectId}`, { key: intruder.key, method: 'DELETE' }) },
  {
    name: 'POST /projects/:id/locations',
    run: () => call(`/api/v1/projects/${projectId}/locations`, { key: intruder.key, body: VANCOUVER }),
  },
  {
    name: 'GET /projects/:id/locations/:lid',
    run: () => call(`/api/v1/projects/${projectId}/locations/${locationId}`, { key: intruder.key }),
  },
  {
    name: 'PATCH /projects/:id/locations/:lid',
    run: () =>
      call(`/api/v1/projects/${projectId}/locations/${locationId}`, {
        key: intruder.key,
        method: 'PATCH',
        body: { notes: 'pwned', monitored: true },
      }),
  },
  {
    name: 'DELETE /projects/:id/locations/:lid',
    run: () => call(`/api/v1/projects/${projectId}/locations/${locationId}`, { key: intruder.key, method: 'DELETE' }),
  },
  {
    name: 'PATCH own project + foreign location',
    run: () =>
      call(`/api/v1/projects/${intruderProjectId}/locations/${locationId}`, {
        key: intruder.key,
        method: 'PATCH',
        body: { notes: 'pwned' },
      }),
  },
  {
    name: 'DELETE own project + foreign location',
    run: () => call(`/api/v1/projects/${intruderProjectId}/locations/${locationId}`, { key: intruder.key, method: 'DELETE' }),
  },
  { name: 'POST /projects/:id/share', run: () => call(`/api/v1/projects/${projectId}/share`, { key: intruder.key, method: 'POST' }) },
  { name: 'GET /projects/:id/shares', run: () => call(`/api/v1/projects/${projectId}/shares`, { key: intruder.key }) },
  {
    name: 'DELETE /projects/:id/shares/:sid',
    run: () => call(`/api/v1/projects/${projectId}/shares/${shareId}`, { key: intruder.key, method: 'DELETE' }),
  },
  {
    name: 'DELETE own project + foreign share',
    run: () => call(`/api/v1/projects/${intruderProjectId}/shares/${shareId}`, { key: intruder.key, method: 'DELETE' }),
  },
  {
    name: 'PATCH /notifications/:id',
    run: () => call(`/api/v1/notifications/${notificationId}`, { key: intruder.key, method: 'PATCH', body: { read: true } }),
  },
]

describe('another user’s key', () => {
  it.each(routes.map((r) => [r.name, r] as const))('%s → 404 and the owner’s data is unchanged', async (_name, route) => {
    const before = await snapshot()
    expectError(await route.run(), 404, 'NOT_FOUND')
    expect(await snapshot()).toEqual(before)
  })

  it('lists show only the caller’s own objects; read-all touches only the caller’s notifications', async () => {
    const before = await snapshot()
    const list = await call('/api/v1/projects', { key: intruder.key })
    expect(list.json.map((p: any) => p.id)).toEqual([intruderProjectId])
    const notes = await call('/api/v1/notifications', { key: intruder.key })
    expect(notes.json.map((n: any) => n.id)).not.toContain(notificationId)
    expect((await call('/api/v1/notifications/read-all', { key: intruder.key, method: 'POST' })).status).toBe(200)
    const after = await snapshot()
    expect(after).toEqual(before)
    expect(after.notifications.find((n: any) => n.id === notificationId).read).toBe(false)
  })

  it('the owner can still do all of it (the matrix is not vacuous)', async () => {
    expect(
      (await call(`/api/v1/projects/${projectId}/locations/${locationId}`, { key: owner.key, method: 'PATCH', body: { monitored: true } }))
        .status,
    ).toBe(200)
    expect((await call(`/api/v1/notifications/${notificationId}`, { key: owner.key, method: 'PATCH', body: { read: true } })).status).toBe(
      200,
    )
    expect((await call(`/api/v1/projects/${projectId}/shares/${shareId}`, { key: owner.key, method: 'DELETE' })).status).toBe(200)
    expect((await call(`/api/v1/projects/${projectId}`, { key: owner.key, method: 'DELETE' })).status).toBe(200)
  })
})
