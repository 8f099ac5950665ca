import { describe, it, expect } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'
import { addLocation, createProject, MONTREAL_ADDRESS, TORONTO, VANCOUVER } from './fixtures'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe('projects: happy paths', () => {
  it('POST /projects → 201 {id, name}; GET /projects lists it with locations as {lat, lng}', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/projects', { key, body: { name: '  Downtown  ', description: 'Q1 scouting' } })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ name: 'Downtown', description: 'Q1 scouting' })
    expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/)
    await addLocation(key, res.json.id, TORONTO)
    const list = await call('/api/v1/projects', { key })
    expect(list.status).toBe(200)
    expect(list.json).toHaveLength(1)
    expect(list.json[0]).toMatchObject({ id: res.json.id, name: 'Downtown', description: 'Q1 scouting' })
    expect(list.json[0].locations).toEqual([{ lat: TORONTO.lat, lng: TORONTO.lng }])
    expect(Date.parse(list.json[0].createdAt)).not.toBeNaN()
  })

  it('POST /projects/:id/locations scores and caches: 201 {id, latestScore, latestScoreGrade} equal to POST /score', async () => {
    const { key } = await createKey()
    const projectId = await createProject(key)
    const added = await call(`/api/v1/projects/${projectId}/locations`, { key, body: { address: MONTREAL_ADDRESS, notes: 'corner unit' } })
    expect(added.status).toBe(201)
    const score = await call('/api/v1/score', { key, body: { address: MONTREAL_ADDRESS } })
    expect(added.json).toEqual({ id: added.json.id, latestScore: score.json.overallScore, latestScoreGrade: score.json.grade })

    const detail = await call(`/api/v1/projects/${projectId}`, { key })
    expect(detail.status).toBe(200)
    expect(detail.json.locations).toHaveLength(1)
    expect(detail.json.locations[0]).toMatchObject({
      id: added.json.id,
      address: score.json.address,
      lat: score.json.lat,
      lng: score.json.lng,
      score: score.json.overallScore,
      grade: score.json.grade,
      monitored: false,
      notes: 'corner unit',
    })

    const one = await call(`/api/v1/projects/${projectId}/locations/${added.json.id}`, { key })
    expect(one.status).toBe(200)
    expect(one.json.scoreResult).toEqual(score.json)
  })

  it('ordering: adding a location to an older project moves it to the top of the list', async () => {
    const { key } = await createKey()
    const older = await createProject(key, { name: 'Older' })
    const newer = await createProject(key, { name: 'Newer' })
    expect((await call('/api/v1/projects', { key })).json.map((p: any) => p.name)).toEqual(['Newer', 'Older'])
    await addLocation(key, older, VANCOUVER)
    const list = await call('/api/v1/projects', { key })
    expect(list.json.map((p: any) => p.id)).toEqual([older, newer])
    expect(Date.parse(list.json[0].updatedAt)).toBeGreaterThan(Date.parse(list.json[1].updatedAt))
  })

  it('PATCH /projects/:id renames and clears the description; it moves to the top', async () => {
    const { key } = await createKey()
    const a = await createProject(key, { name: 'A', description: 'old' })
    await createProject(key, { name: 'B' })
    const res = await call(`/api/v1/projects/${a}`, { key, method: 'PATCH', body: { name: 'A2', description: null } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id: a, name: 'A2', description: null })
    expect((await call('/api/v1/projects', { key })).json[0].id).toBe(a)
  })

  it('PATCH a location: notes and monitored; DELETE removes it; DELETE the project removes everything', async () => {
    const { key } = await createKey()
    const projectId = await createProject(key)
    const { id } = await addLocation(key, projectId)
    const patched = await call(`/api/v1/projects/${projectId}/locations/${id}`, {
      key,
      method: 'PATCH',
      body: { monitored: true, notes: 'ask landlord' },
    })
    expect(patched.status).toBe(200)
    expect(patched.json).toMatchObject({ id, monitored: true, notes: 'ask landlord' })
    expect((await call(`/api/v1/projects/${projectId}`, { key })).json.locations[0].monitored).toBe(true)

    const del = await call(`/api/v1/projects/${projectId}/locations/${id}`, { key, method: 'DELETE' })
    expect(del.status).toBe(200)
    expect(del.json).toEqual({ id, deleted: true })
    expectError(await call(`/api/v1/projects/${projectId}/locations/${id}`, { key }), 404, 'NOT_FOUND')
    expect((await call(`/api/v1/projects/${projectId}`, { key })).json.locations).toEqual([])

    await addLocation(key, projectId)
    const gone = await call(`/api/v1/projects/${projectId}`, { key, method: 'DELETE' })
    expect(gone.json).toEqual({ id: projectId, deleted: true })
    expectError(await call(`/api/v1/projects/${projectId}`, { key }), 404, 'NOT_FOUND')
    expect((await call('/api/v1/projects', { key })).json).toEqual([])
  })

  it('a user with no projects gets an empty list', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/projects', { key })
    expect(res.status).toBe(200)
    expect(res.json).toEqual([])
  })
})

describe('projects: spec errors and validation', () => {
  it('POST /projects without name → 400 BAD_REQUEST with details.path name', async () => {
    const { key } = await createKey()
    for (const body of [{}, { description: 'x' }, { name: '' }, { name: '   ' }, { name: 42 }]) {
      const err = expectError(await call('/api/v1/projects', { key, body }), 400, 'BAD_REQUEST')
      expect(err.details?.[0].path).toBe('name')
    }
  })

  it('name over 200 or description over 2,000 characters → 400', async () => {
    const { key } = await createKey()
    expectError(await call('/api/v1/projects', { key, body: { name: 'x'.repeat(201) } }), 400, 'BAD_REQUEST')
    expect((await call('/api/v1/projects', { key, body: { name: 'x'.repeat(200) } })).status).toBe(201)
    const err = expectError(
      await call('/api/v1/projects', { key, body: { name: 'ok', description: 'd'.repeat(2001) } }),
      400,
      'BAD_REQUEST',
    )
    expect(err.details?.[0].path).toBe('description')
  })

  it('POST /projects/:id/locations with neither address nor lat/lng → 400; lat without lng → 400; notes too long → 400', async () => {
    const { key } = await createKey()
    const projectId = await createProject(key)
    const neither = expectError(await call(`/api/v1/projects/${projectId}/locations`, { key, body: { notes: 'hi' } }), 400, 'BAD_REQUEST')
    expect(neither.details?.[0].path).toBe('address')
    expectError(await call(`/api/v1/projects/${projectId}/locations`, { key, body: { lat: 43.6 } }), 400, 'BAD_REQUEST')
    expectError(
      await call(`/api/v1/projects/${projectId}/locations`, { key, body: { ...TORONTO, notes: 'n'.repeat(2001) } }),
      400,
      'BAD_REQUEST',
    )
    expectError(await call(`/api/v1/projects/${projectId}/locations`, { key, body: { lat: 40.7, lng: -74 } }), 400, 'BAD_REQUEST')
    expect((await call(`/api/v1/projects/${projectId}`, { key })).json.locations).toEqual([])
  })

  it('an address that cannot be geocoded → 400 and nothing is saved', async () => {
    const { key } = await createKey()
    const projectId = await createProject(key)
    expectError(await call(`/api/v1/projects/${projectId}/locations`, { key, body: { address: 'zzqx nowhere qqq' } }), 400, 'BAD_REQUEST')
    expect((await call(`/api/v1/projects/${projectId}`, { key })).json.locations).toEqual([])
  })

  it('unknown project on GET, locations and share → 404; a malformed id → 404 too', async () => {
    const { key } = await createKey()
    for (const id of [UNKNOWN, 'not-a-uuid']) {
      expectError(await call(`/api/v1/projects/${id}`, { key }), 404, 'NOT_FOUND')
      expectError(await call(`/api/v1/projects/${id}/locations`, { key, body: TORONTO }), 404, 'NOT_FOUND')
      expectError(await call(`/api/v1/projects/${id}/share`, { key, method: 'POST' }), 404, 'NOT_FOUND')
      expectError(await call(`/api/v1/projects/${id}`, { key, method: 'PATCH', body: { name: 'x' } }), 404, 'NOT_FOUND')
      expectError(await call(`/api/v1/projects/${id}`, { key, method: 'DELETE' }), 404, 'NOT_FOUND')
    }
  })

  it('PATCH with an empty body → 400; PATCH a location with monitored:"yes" → 400', async () => {
    const { key } = await createKey()
    const projectId = await createProject(key)
    const { id } = await addLocation(key, projectId)
    expectError(await call(`/api/v1/projects/${projectId}`, { key, method: 'PATCH', body: {} }), 400, 'BAD_REQUEST')
    expectError(
      await call(`/api/v1/projects/${projectId}/locations/${id}`, { key, method: 'PATCH', body: { monitored: 'yes' } }),
      400,
      'BAD_REQUEST',
    )
    expectError(await call(`/api/v1/projects/${projectId}/locations/${id}`, { key, method: 'PATCH', body: {} }), 400, 'BAD_REQUEST')
    expectError(
      await call(`/api/v1/projects/${projectId}/locations/${UNKNOWN}`, { key, method: 'PATCH', body: { monitored: true } }),
      404,
      'NOT_FOUND',
    )
  })

  it('no key → 401 on every project route', async () => {
    expectError(await call('/api/v1/projects'), 401, 'UNAUTHORIZED')
    expectError(await call('/api/v1/projects', { body: { name: 'x' } }), 401, 'UNAUTHORIZED')
    expectError(await call(`/api/v1/projects/${UNKNOWN}`), 401, 'UNAUTHORIZED')
  })
})
