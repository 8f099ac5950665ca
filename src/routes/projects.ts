// Projects (spec §4.3): list (most recently updated first), create, detail, and beyond the spec
// PATCH and DELETE. Every query is scoped by the key's user; others' projects → 404.
import { createRoute } from '@hono/zod-openapi'
import { and, count, eq } from 'drizzle-orm'
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../lib/openapi'
import { principalOf } from '../middleware/plan-gate'
import { getDb, schema } from '../db/client'
import { ApiError, notFound } from '../errors'
import { listProjects, locationView, MAX_PROJECTS_PER_USER, nextUpdatedAt, ownedProject, projectLocations, projectSummary } from '../services/projects'
import { CreatedProjectSchema, CreateProjectSchema, DeletedSchema, ProjectDetailSchema, ProjectIdParam, ProjectListSchema, ProjectSummarySchema, UpdateProjectSchema } from './project-schemas'

const tags = ['Projects']

const listRoute = createRoute({
  method: 'get', path: '/projects', tags, operationId: 'listProjects',
  summary: 'Your projects, most recently updated first',
  description: 'Adding, changing or removing a location touches its project and moves it to the top. Locations appear as {lat, lng}.',
  responses: { 200: jsonResponse(ProjectListSchema, 'Projects'), ...errorResponses() },
})

const createProjectRoute = createRoute({
  method: 'post', path: '/projects', tags, operationId: 'createProject',
  summary: 'Create a project',
  description: `name 1–200 characters (required), description ≤ 2,000. At most ${MAX_PROJECTS_PER_USER} projects per user (409 beyond).`,
  request: { body: jsonBody(CreateProjectSchema) },
  responses: { 201: jsonResponse(CreatedProjectSchema, 'The new project'), ...errorResponses(400, 409) },
})

const getRoute = createRoute({
  method: 'get', path: '/projects/{id}', tags, operationId: 'getProject',
  summary: 'One project with its saved locations, scores, grades and monitored status',
  description: 'Locations in the order they were added: id, address, lat, lng, notes, score, grade (also as latestScore/latestScoreGrade), monitored, scoredAt. Unknown, foreign or malformed id → 404.',
  request: { params: ProjectIdParam },
  responses: { 200: jsonResponse(ProjectDetailSchema, 'The project'), ...errorResponses(404) },
})

const updateRoute = createRoute({
  method: 'patch', path: '/projects/{id}', tags, operationId: 'updateProject',
  summary: 'Rename a project or change its description (null clears it)',
  request: { params: ProjectIdParam, body: jsonBody(UpdateProjectSchema) },
  responses: { 200: jsonResponse(ProjectSummarySchema, 'The updated project'), ...errorResponses(400, 404) },
})

const deleteRoute = createRoute({
  method: 'delete', path: '/projects/{id}', tags, operationId: 'deleteProject',
  summary: 'Delete a project with its locations and share links (its share links stop working: 404)',
  description: 'Removes the project, its saved locations and share links in one batch. Unknown or foreign id → 404.',
  request: { params: ProjectIdParam },
  responses: { 200: jsonResponse(DeletedSchema, 'Deleted'), ...errorResponses(404) },
})

export const projectRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { userId } = principalOf(c)
    return c.json(await listProjects(getDb(c.env.DB), userId), 200)
  })
  .openapi(createProjectRoute, async (c) => {
    const { userId } = principalOf(c)
    const { name, description } = c.req.valid('json')
    const db = getDb(c.env.DB)
    const [{ n }] = await db.select({ n: count() }).from(schema.projects).where(eq(schema.projects.userId, userId))
    if (n >= MAX_PROJECTS_PER_USER) throw new ApiError('CONFLICT', `You already have the maximum of ${MAX_PROJECTS_PER_USER} projects; delete one first`)
    const createdAt = new Date().toISOString()
    const row = { id: crypto.randomUUID(), userId, name, description: description ?? null, createdAt, updatedAt: await nextUpdatedAt(db, userId) }
    await db.insert(schema.projects).values(row)
    return c.json({ id: row.id, name: row.name, description: row.description, createdAt }, 201)
  })
  .openapi(getRoute, async (c) => {
    const { userId } = principalOf(c)
    const db = getDb(c.env.DB)
    const project = await ownedProject(db, userId, c.req.valid('param').id)
    const locations = await projectLocations(db, project.id)
    return c.json({ ...projectSummary(project), locations: locations.map(locationView) }, 200)
  })
  .openapi(updateRoute, async (c) => {
    const { userId } = principalOf(c)
    const body = c.req.valid('json')
    const db = getDb(c.env.DB)
    const project = await ownedProject(db, userId, c.req.valid('param').id)
    const [row] = await db
      .update(schema.projects)
      .set({ ...(body.name !== undefined && { name: body.name }), ...(body.description !== undefined && { description: body.description }), updatedAt: await nextUpdatedAt(db, userId) })
      .where(and(eq(schema.projects.id, project.id), eq(schema.projects.userId, userId)))
      .returning()
    if (!row) throw notFound('Project')
    const points = (await projectLocations(db, row.id)).map((l) => ({ lat: l.lat, lng: l.lng }))
    return c.json({ ...projectSummary(row), locations: points }, 200)
  })
  .openapi(deleteRoute, async (c) => {
    const { userId } = principalOf(c)
    const db = getDb(c.env.DB)
    const project = await ownedProject(db, userId, c.req.valid('param').id)
    // Children first in one batch (D1 enforces foreign keys; the batch is the transaction).
    await db.batch([
      db.delete(schema.shareLinks).where(and(eq(schema.shareLinks.projectId, project.id), eq(schema.shareLinks.userId, userId))),
      db.delete(schema.savedLocations).where(and(eq(schema.savedLocations.projectId, project.id), eq(schema.savedLocations.userId, userId))),
      db.delete(schema.projects).where(and(eq(schema.projects.id, project.id), eq(schema.projects.userId, userId))),
    ])
    return c.json({ id: project.id, deleted: true as const }, 200)
  })
