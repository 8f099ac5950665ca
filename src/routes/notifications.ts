// Notifications (spec §4.6 GET /notifications, docs/decisions.md §6): the 50 newest, newest first; beyond the
// spec, PATCH /notifications/:id {read:true} and POST /notifications/read-all.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../lib/openapi'
import { parseId, UuidParam } from '../lib/ids'
import { principalOf } from '../middleware/plan-gate'
import { listNotifications, markAllRead, markRead, NOTIFICATIONS_LIMIT } from '../services/notifications'
import { MarkReadSchema, NotificationListSchema, NotificationSchema, ReadAllSchema } from './project-schemas'
const tags = ['Notifications']

const listRoute = createRoute({
  method: 'get',
  path: '/notifications',
  tags,
  operationId: 'listNotifications',
  summary: `Your ${NOTIFICATIONS_LIMIT} most recent notifications, newest first`,
  description:
    'Types: scoreChange (a monitored location moved ≥ 5 points or changed grade), dataUpdate (the ' +
    'bundled data or the scoring methodology changed), orderStatus, quoteResponse, competitor, system (e.g. welcome).',
  responses: { 200: jsonResponse(NotificationListSchema, 'Notifications'), ...errorResponses() },
})

const markReadRoute = createRoute({
  method: 'patch',
  path: '/notifications/{id}',
  tags,
  operationId: 'markNotificationRead',
  summary: 'Mark one notification read (body {"read": true})',
  description: 'The only accepted body is {"read": true}; unread again is not offered. Unknown or foreign id → 404.',
  request: { params: UuidParam, body: jsonBody(MarkReadSchema) },
  responses: { 200: jsonResponse(NotificationSchema, 'The notification'), ...errorResponses(400, 404) },
})

const readAllRoute = createRoute({
  method: 'post',
  path: '/notifications/read-all',
  tags,
  operationId: 'markAllNotificationsRead',
  summary: 'Mark all your notifications read',
  description: 'Returns how many notifications were unread before the call. No body is needed; a body, if sent, must be a JSON object.',
  request: { body: { required: false, content: { 'application/json': { schema: z.object({}).openapi('ReadAllRequest') } } } },
  responses: { 200: jsonResponse(ReadAllSchema, 'How many were unread'), ...errorResponses(400) },
})

export const notificationRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await listNotifications(c.env.DB, principalOf(c).userId), 200))
  .openapi(readAllRoute, async (c) => c.json({ updated: await markAllRead(c.env.DB, principalOf(c).userId) }, 200))
  .openapi(markReadRoute, async (c) =>
    c.json(await markRead(c.env.DB, principalOf(c).userId, parseId(c.req.valid('param').id, 'Notification')), 200),
  )
