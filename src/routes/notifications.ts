// Notifications (spec §4.6 GET /notifications, docs/decisions.md §6): the 50 newest, newest first; beyond the
// spec, PATCH /notifications/:id {read:true} and POST /notifications/read-all.
import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, sql } from 'drizzle-orm'
import { createRouter, errorResponses, isUuid, jsonBody, jsonResponse, UuidParam } from '../lib/openapi'
import { principalOf } from '../middleware/plan-gate'
import { getDb, schema } from '../db/client'
import { notFound } from '../errors'
import { MarkReadSchema, NotificationListSchema, NotificationSchema, ReadAllSchema } from './project-schemas'

export const NOTIFICATIONS_LIMIT = 50
const tags = ['Notifications']

const listRoute = createRoute({
  method: 'get', path: '/notifications', tags, operationId: 'listNotifications',
  summary: 'Your 50 most recent notifications, newest first',
  description: 'Types: scoreChange (a monitored location moved ≥ 5 points or changed grade), dataUpdate (the bundled data changed), orderStatus, quoteResponse, competitor, system (e.g. welcome).',
  responses: { 200: jsonResponse(NotificationListSchema, 'Notifications'), ...errorResponses() },
})

const markReadRoute = createRoute({
  method: 'patch', path: '/notifications/{id}', tags, operationId: 'markNotificationRead',
  summary: 'Mark one notification read (body {"read": true})',
  description: 'The only accepted body is {"read": true}; unread again is not offered. Unknown or foreign id → 404.',
  request: { params: UuidParam, body: jsonBody(MarkReadSchema) },
  responses: { 200: jsonResponse(NotificationSchema, 'The notification'), ...errorResponses(400, 404) },
})

const readAllRoute = createRoute({
  method: 'post', path: '/notifications/read-all', tags, operationId: 'markAllNotificationsRead',
  summary: 'Mark all your notifications read',
  description: 'Returns how many notifications were unread before the call. No body is needed; a body, if sent, must be a JSON object.',
  request: { body: { required: false, content: { 'application/json': { schema: z.object({}).openapi('ReadAllRequest') } } } },
  responses: { 200: jsonResponse(ReadAllSchema, 'How many were unread'), ...errorResponses(400) },
})

const columns = {
  id: schema.notifications.id,
  type: schema.notifications.type,
  title: schema.notifications.title,
  message: schema.notifications.message,
  read: schema.notifications.read,
  createdAt: schema.notifications.createdAt,
}

export const notificationRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { userId } = principalOf(c)
    const rows = await getDb(c.env.DB)
      .select(columns)
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, userId))
      .orderBy(desc(schema.notifications.createdAt), desc(sql`rowid`))
      .limit(NOTIFICATIONS_LIMIT)
    return c.json(rows, 200)
  })
  .openapi(readAllRoute, async (c) => {
    const { userId } = principalOf(c)
    const rows = await getDb(c.env.DB)
      .update(schema.notifications)
      .set({ read: true })
      .where(and(eq(schema.notifications.userId, userId), eq(schema.notifications.read, false)))
      .returning({ id: schema.notifications.id })
    return c.json({ updated: rows.length }, 200)
  })
  .openapi(markReadRoute, async (c) => {
    const { userId } = principalOf(c)
    const { id } = c.req.valid('param')
    if (!isUuid(id)) throw notFound('Notification')
    const [row] = await getDb(c.env.DB)
      .update(schema.notifications)
      .set({ read: true })
      .where(and(eq(schema.notifications.id, id), eq(schema.notifications.userId, userId)))
      .returning(columns)
    if (!row) throw notFound('Notification')
    return c.json(row, 200)
  })
