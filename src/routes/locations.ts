// Saved locations of a project (spec §4.3 POST /projects/:id/locations), and beyond the spec: GET one
// with its cached full score result, PATCH (notes, monitored), DELETE. Changes touch the project.
import { createRoute } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../lib/openapi'
import { parseId } from '../lib/ids'
import { principalOf } from '../middleware/plan-gate'
import { MAX_LOCATIONS_PER_PROJECT } from '../services/projects'
import { addLocation, deleteLocation, getLocation, updateLocation } from '../services/locations'
import {
  AddedLocationSchema,
  AddLocationSchema,
  DeletedSchema,
  LocationDetailSchema,
  LocationParams,
  LocationSchema,
  ProjectIdParam,
  UpdateLocationSchema,
} from './project-schemas'

const tags = ['Projects']

const addRoute = createRoute({
  method: 'post',
  path: '/projects/{id}/locations',
  tags,
  operationId: 'addProjectLocation',
  summary: 'Add a location: it is scored now and the result is cached',
  description:
    `Give an address or lat/lng (both: the coordinates locate the point). Neither, or an address ` +
    `that cannot be geocoded → 400. notes ≤ 2,000 characters. At most ${MAX_LOCATIONS_PER_PROJECT} ` +
    `locations per project (409 beyond). Moves the project to the top of the list.`,
  request: { params: ProjectIdParam, body: jsonBody(AddLocationSchema) },
  responses: { 201: jsonResponse(AddedLocationSchema, 'The saved location with its score'), ...errorResponses(400, 404, 409) },
})

const getRoute = createRoute({
  method: 'get',
  path: '/projects/{id}/locations/{locationId}',
  tags,
  operationId: 'getProjectLocation',
  summary: 'One saved location with its cached full score result',
  description:
    'The cached score result is the one computed when the location was added or last re-scored ' +
    'by monitoring (scoredAt). Unknown or foreign ids → 404.',
  request: { params: LocationParams },
  responses: { 200: jsonResponse(LocationDetailSchema, 'The location'), ...errorResponses(404) },
})

const updateRoute = createRoute({
  method: 'patch',
  path: '/projects/{id}/locations/{locationId}',
  tags,
  operationId: 'updateProjectLocation',
  summary: 'Change a location’s notes (null clears) or turn monitoring on/off',
  description:
    'Body: notes (≤ 2,000 characters, null clears) and/or monitored (boolean). Monitored locations ' +
    'are re-scored daily. Touches the project. Empty body → 400.',
  request: { params: LocationParams, body: jsonBody(UpdateLocationSchema) },
  responses: { 200: jsonResponse(LocationSchema, 'The updated location'), ...errorResponses(400, 404) },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/projects/{id}/locations/{locationId}',
  tags,
  operationId: 'deleteProjectLocation',
  summary: 'Remove a location from its project',
  description: 'Touches the project (it moves to the top of the list). Unknown or foreign ids → 404.',
  request: { params: LocationParams },
  responses: { 200: jsonResponse(DeletedSchema, 'Deleted'), ...errorResponses(404) },
})

/** Both path ids; a malformed one names no location. */
const locationIds = (param: { id: string; locationId: string }) =>
  [parseId(param.id, 'Location'), parseId(param.locationId, 'Location')] as const

export const locationRoutes = createRouter()
  .openapi(addRoute, async (c) => {
    const projectId = parseId(c.req.valid('param').id, 'Project')
    return c.json(await addLocation(c.env, principalOf(c).userId, projectId, c.req.valid('json')), 201)
  })
  .openapi(getRoute, async (c) => c.json(await getLocation(c.env.DB, principalOf(c).userId, ...locationIds(c.req.valid('param'))), 200))
  .openapi(updateRoute, async (c) => {
    const [projectId, locationId] = locationIds(c.req.valid('param'))
    return c.json(await updateLocation(c.env.DB, principalOf(c).userId, projectId, locationId, c.req.valid('json')), 200)
  })
  .openapi(deleteRoute, async (c) =>
    c.json(await deleteLocation(c.env.DB, principalOf(c).userId, ...locationIds(c.req.valid('param'))), 200),
  )
