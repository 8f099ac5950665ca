// Saved locations of a project (spec §4.3 POST /projects/:id/locations), and beyond the spec: GET one
// with its cached full score result, PATCH (notes, monitored), DELETE. Changes touch the project.
import { createRoute } from '@hono/zod-openapi'
import { and, count, eq, sql } from 'drizzle-orm'
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../lib/openapi'
import { principalOf } from '../middleware/plan-gate'
import { getDb, schema } from '../db/client'
import { ApiError, notFound } from '../errors'
import { scoreLocation } from '../services/scoring'
import { locationView, MAX_LOCATIONS_PER_PROJECT, nextUpdatedAt, ownedLocation, ownedProject, scoreResultOf } from '../services/projects'
import { AddedLocationSchema, AddLocationSchema, DeletedSchema, LocationDetailSchema, LocationParams, LocationSchema, ProjectIdParam, UpdateLocationSchema } from './project-schemas'

const tags = ['Projects']

const addRoute = createRoute({
  method: 'post', path: '/projects/{id}/locations', tags, operationId: 'addProjectLocation',
  summary: 'Add a location: it is scored now and the result is cached',
  description: `Give an address or lat/lng (both: the coordinates locate the point). Neither, or an address that cannot be geocoded → 400. notes ≤ 2,000 characters. At most ${MAX_LOCATIONS_PER_PROJECT} locations per project (409 beyond). Moves the project to the top of the list.`,
  request: { params: ProjectIdParam, body: jsonBody(AddLocationSchema) },
  responses: { 201: jsonResponse(AddedLocationSchema, 'The saved location with its score'), ...errorResponses(400, 404, 409) },
})

const getRoute = createRoute({
  method: 'get', path: '/projects/{id}/locations/{locationId}', tags, operationId: 'getProjectLocation',
  summary: 'One saved location with its cached full score result',
  description: 'The cached score result is the one computed when the location was added or last re-scored by monitoring (scoredAt). Unknown or foreign ids → 404.',
  request: { params: LocationParams },
  responses: { 200: jsonResponse(LocationDetailSchema, 'The location'), ...errorResponses(404) },
})

const updateRoute = createRoute({
  method: 'patch', path: '/projects/{id}/locations/{locationId}', tags, operationId: 'updateProjectLocation',
  summary: 'Change a location’s notes (null clears) or turn monitoring on/off',
  description: 'Body: notes (≤ 2,000 characters, null clears) and/or monitored (boolean). Monitored locations are re-scored daily. Touches the project. Empty body → 400.',
  request: { params: LocationParams, body: jsonBody(UpdateLocationSchema) },
  responses: { 200: jsonResponse(LocationSchema, 'The updated location'), ...errorResponses(400, 404) },
})

const deleteRoute = createRoute({
  method: 'delete', path: '/projects/{id}/locations/{locationId}', tags, operationId: 'deleteProjectLocation',
  summary: 'Remove a location from its project',
  description: 'Touches the project (it moves to the top of the list). Unknown or foreign ids → 404.',
  request: { params: LocationParams },
  responses: { 200: jsonResponse(DeletedSchema, 'Deleted'), ...errorResponses(404) },
})

const touch = (db: ReturnType<typeof getDb>, projectId: string, userId: string, updatedAt: string) =>
  db.update(schema.projects).set({ updatedAt }).where(and(eq(schema.projects.id, projectId), eq(schema.projects.userId, userId)))

export const locationRoutes = createRouter()
  .openapi(addRoute, async (c) => {
    const { userId } = principalOf(c)
    const body = c.req.valid('json')
    const db = getDb(c.env.DB)
    const project = await ownedProject(db, userId, c.req.valid('param').id)
    const [{ n }] = await db.select({ n: count() }).from(schema.savedLocations).where(eq(schema.savedLocations.projectId, project.id))
    if (n >= MAX_LOCATIONS_PER_PROJECT) throw new ApiError('CONFLICT', `This project already holds the maximum of ${MAX_LOCATIONS_PER_PROJECT} locations`)
    const result = await scoreLocation(c.env, { address: body.address, lat: body.lat, lng: body.lng })
    const now = new Date().toISOString()
    const id = crypto.randomUUID()
    const updatedAt = await nextUpdatedAt(db, userId)
    // Insert only while the project still exists and is the caller's; touch it in the same batch.
    const [inserted] = await db.batch([
      db
        .insert(schema.savedLocations)
        .select(
          db
            .select({
              id: sql<string>`${id}`.as('id'),
              projectId: schema.projects.id,
              userId: schema.projects.userId,
              address: sql<string>`${result.address}`.as('address'),
              inputAddress: sql<string | null>`${body.address ?? null}`.as('input_address'),
              inputLat: sql<number | null>`${body.lat ?? null}`.as('input_lat'),
              inputLng: sql<number | null>`${body.lng ?? null}`.as('input_lng'),
              lat: sql<number>`${result.lat}`.as('lat'),
              lng: sql<number>`${result.lng}`.as('lng'),
              notes: sql<string | null>`${body.notes ?? null}`.as('notes'),
              latestScore: sql<number>`${result.overallScore}`.as('latest_score'),
              latestScoreGrade: sql<string>`${result.grade}`.as('latest_score_grade'),
              scoreResult: sql<string>`${JSON.stringify(result)}`.as('score_result'),
              scoredAt: sql<string>`${now}`.as('scored_at'),
              monitored: sql<number>`${body.monitored ? 1 : 0}`.as('monitored'),
              createdAt: sql<string>`${now}`.as('created_at'),
              updatedAt: sql<string>`${now}`.as('updated_at'),
            })
            .from(schema.projects)
            .where(and(eq(schema.projects.id, project.id), eq(schema.projects.userId, userId))),
        )
        .returning({ id: schema.savedLocations.id }),
      touch(db, project.id, userId, updatedAt),
    ])
    if (!inserted.length) throw notFound('Project')
    return c.json({ id, latestScore: result.overallScore, latestScoreGrade: result.grade }, 201)
  })
  .openapi(getRoute, async (c) => {
    const { userId } = principalOf(c)
    const { id, locationId } = c.req.valid('param')
    const location = await ownedLocation(getDb(c.env.DB), userId, id, locationId)
    return c.json({ ...locationView(location), scoreResult: scoreResultOf(location) }, 200)
  })
  .openapi(updateRoute, async (c) => {
    const { userId } = principalOf(c)
    const { id, locationId } = c.req.valid('param')
    const body = c.req.valid('json')
    const db = getDb(c.env.DB)
    const location = await ownedLocation(db, userId, id, locationId)
    const now = new Date().toISOString()
    const [[row]] = await db.batch([
      db
        .update(schema.savedLocations)
        .set({ ...(body.notes !== undefined && { notes: body.notes }), ...(body.monitored !== undefined && { monitored: body.monitored }), updatedAt: now })
        .where(and(eq(schema.savedLocations.id, location.id), eq(schema.savedLocations.userId, userId)))
        .returning(),
      touch(db, location.projectId, userId, await nextUpdatedAt(db, userId)),
    ])
    if (!row) throw notFound('Location')
    return c.json(locationView(row), 200)
  })
  .openapi(deleteRoute, async (c) => {
    const { userId } = principalOf(c)
    const { id, locationId } = c.req.valid('param')
    const db = getDb(c.env.DB)
    const location = await ownedLocation(db, userId, id, locationId)
    await db.batch([
      db.delete(schema.savedLocations).where(and(eq(schema.savedLocations.id, location.id), eq(schema.savedLocations.userId, userId))),
      touch(db, location.projectId, userId, await nextUpdatedAt(db, userId)),
    ])
    return c.json({ id: location.id, deleted: true as const }, 200)
  })
