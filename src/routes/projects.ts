// Projects (spec §4.3): list (most recently updated first), create, detail, and beyond the spec
// PATCH and DELETE. Every query is scoped by the key's user; others' projects → 404.
import { createRoute } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../lib/openapi'
import { parseId } from '../lib/ids'
import { principalOf } from '../middleware/plan-gate'
import { createProject, deleteProject, getProject, listProjects, MAX_PROJECTS_PER_USER, updateProject } from '../services/projects'
import {
  CreatedProjectSchema,
  CreateProjectSchema,
  DeletedSchema,
  ProjectDetailSchema,
  ProjectIdParam,
  ProjectListSchema,
  ProjectSummarySchema,
  UpdateProjectSchema,
} from './project-schemas'

const tags = ['Projects']

const listRoute = createRoute({
  method: 'get',
  path: '/projects',
  tags,
  operationId: 'listProjects',
  summary: 'Your projects, most recently updated first',
  description: 'Adding, changing or removing a location touches its project and moves it to the top. Locations appear as {lat, lng}.',
  responses: { 200: jsonResponse(ProjectListSchema, 'Projects'), ...errorResponses() },
})

const createProjectRoute = createRoute({
  method: 'post',
  path: '/projects',
  tags,
  operationId: 'createProject',
  summary: 'Create a project',
  description: `name 1–200 characters (required), description ≤ 2,000. At most ${MAX_PROJECTS_PER_USER} projects per user (409 beyond).`,
  request: { body: jsonBody(CreateProjectSchema) },
  responses: { 201: jsonResponse(CreatedProjectSchema, 'The new project'), ...errorResponses(400, 409) },
})

const getRoute = createRoute({
  method: 'get',
  path: '/projects/{id}',
  tags,
  operationId: 'getProject',
  summary: 'One project with its saved locations, scores, grades and monitored status',
  description:
    'Locations in the order they were added: id, address, lat, lng, notes, score, grade (also as ' +
    'latestScore/latestScoreGrade), monitored, scoredAt. Unknown, foreign or malformed id → 404.',
  request: { params: ProjectIdParam },
  responses: { 200: jsonResponse(ProjectDetailSchema, 'The project'), ...errorResponses(404) },
})

const updateRoute = createRoute({
  method: 'patch',
  path: '/projects/{id}',
  tags,
  operationId: 'updateProject',
  summary: 'Rename a project or change its description (null clears it)',
  request: { params: ProjectIdParam, body: jsonBody(UpdateProjectSchema) },
  responses: { 200: jsonResponse(ProjectSummarySchema, 'The updated project'), ...errorResponses(400, 404) },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/projects/{id}',
  tags,
  operationId: 'deleteProject',
  summary: 'Delete a project with its locations and share links (its share links stop working: 404)',
  description: 'Removes the project, its saved locations and share links in one batch. Unknown or foreign id → 404.',
  request: { params: ProjectIdParam },
  responses: { 200: jsonResponse(DeletedSchema, 'Deleted'), ...errorResponses(404) },
})

export const projectRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await listProjects(c.env.DB, principalOf(c).userId), 200))
  .openapi(createProjectRoute, async (c) => c.json(await createProject(c.env.DB, principalOf(c).userId, c.req.valid('json')), 201))
  .openapi(getRoute, async (c) =>
    c.json(await getProject(c.env.DB, principalOf(c).userId, parseId(c.req.valid('param').id, 'Project')), 200),
  )
  .openapi(updateRoute, async (c) => {
    const id = parseId(c.req.valid('param').id, 'Project')
    return c.json(await updateProject(c.env.DB, principalOf(c).userId, id, c.req.valid('json')), 200)
  })
  .openapi(deleteRoute, async (c) =>
    c.json(await deleteProject(c.env.DB, principalOf(c).userId, parseId(c.req.valid('param').id, 'Project')), 200),
  )
