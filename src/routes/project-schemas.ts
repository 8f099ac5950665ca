// Zod/OpenAPI schemas of projects, saved locations, share links and notifications (spec §2.3, §2.4,
// §2.9, §2.10). The same schemas validate requests and generate the OpenAPI document.
import { z } from '@hono/zod-openapi'
import { displayText, text, Timestamp, Uuid, int } from '../lib/openapi'
import { ScoreResultSchema, GRADES, FACTOR_KEYS, DataSourceSchema, HourlySchema, PercentilesSchema } from '../scoring'
import { latitude as lat, locationFields, longitude as lng, requireLocation } from '../scoring/location'
import { MAX_LOCATIONS_PER_PROJECT, MAX_PROJECTS_PER_USER } from '../services/projects'
import { DEFAULT_SHARE_DAYS, MAX_SHARE_DAYS } from '../services/shares'
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX, NOTIFICATION_TYPES, NOTIFICATIONS_LIMIT } from '../services/notifications'
import { idParam } from '../lib/ids'

/** Project and location text bounds: names, and free text (descriptions, notes). */
const NAME_MAX = 200
const TEXT_MAX = 2000
const name = displayText(
  'name',
  z
    .string({ error: `name is required (1–${NAME_MAX} characters)` })
    .trim()
    .min(1, { error: `name must be 1–${NAME_MAX} characters` })
    .max(NAME_MAX, { error: `name must be 1–${NAME_MAX} characters` }),
)
const description = displayText(
  'description',
  z.string().max(TEXT_MAX, { error: `description must be at most ${TEXT_MAX.toLocaleString('en')} characters` }),
  { multiline: true },
)
const notes = displayText(
  'notes',
  z.string().max(TEXT_MAX, { error: `notes must be at most ${TEXT_MAX.toLocaleString('en')} characters` }),
  { multiline: true },
)
const score = z.number().min(0).max(100)
const grade = z.enum(GRADES)

export const ProjectIdParam = z.object({ id: idParam('id', 'Project UUID (any case; a malformed id → 404)') })
export const LocationParams = ProjectIdParam.extend({ locationId: idParam('locationId', 'Location UUID') })
export const ShareParams = ProjectIdParam.extend({ shareId: idParam('shareId', 'Share link id') })

export const CreateProjectSchema = z
  .object({ name: name.openapi({ example: 'Downtown storefronts' }), description: description.optional() })
  .openapi('CreateProject')
export const UpdateProjectSchema = z
  .object({ name: name.optional(), description: description.nullable().optional() })
  .refine((v) => v.name !== undefined || v.description !== undefined, { error: 'give name and/or description' })
  .openapi('UpdateProject')

const Point = z.object({ lat, lng })
export const ProjectSummarySchema = z
  .object({
    id: Uuid,
    name: text(NAME_MAX),
    description: text(TEXT_MAX).nullable(),
    locations: z.array(Point).max(MAX_LOCATIONS_PER_PROJECT),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('ProjectSummary')
export const ProjectListSchema = z.array(ProjectSummarySchema).max(MAX_PROJECTS_PER_USER).openapi('ProjectList')
export const CreatedProjectSchema = z
  .object({ id: Uuid, name: text(NAME_MAX), description: text(TEXT_MAX).nullable(), createdAt: Timestamp })
  .openapi('CreatedProject')

export const LocationSchema = z
  .object({
    id: Uuid,
    address: text(400),
    lat,
    lng,
    notes: text(TEXT_MAX).nullable(),
    score: score.openapi({ description: 'Same as latestScore' }),
    grade: grade.openapi({ description: 'Same as latestScoreGrade' }),
    latestScore: score,
    latestScoreGrade: grade,
    monitored: z
      .boolean()
      .openapi({ description: 'Re-scored daily; a change of ≥ 5 points or of grade writes a scoreChange notification' }),
    scoredAt: Timestamp,
    createdAt: Timestamp,
  })
  .openapi('SavedLocation')
export const LocationDetailSchema = LocationSchema.extend({ scoreResult: ScoreResultSchema }).openapi('SavedLocationDetail')
export const ProjectDetailSchema = z
  .object({
    id: Uuid,
    name: text(NAME_MAX),
    description: text(TEXT_MAX).nullable(),
    locations: z.array(LocationSchema).max(MAX_LOCATIONS_PER_PROJECT),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('ProjectDetail')

export const AddLocationSchema = z
  .object({
    ...locationFields,
    address: locationFields.address.openapi({
      example: '100 Queen St W, Toronto, ON M5H 2N2',
      description: 'Use this OR lat/lng (both: coordinates locate, address is kept for display)',
    }),
    notes: notes.optional(),
    monitored: z.boolean().optional().openapi({ description: 'Default false' }),
  })
  .superRefine(requireLocation)
  .openapi('AddLocation')
export const AddedLocationSchema = z.object({ id: Uuid, latestScore: score, latestScoreGrade: grade }).openapi('AddedLocation')
export const UpdateLocationSchema = z
  .object({ notes: notes.nullable().optional(), monitored: z.boolean().optional() })
  .refine((v) => v.notes !== undefined || v.monitored !== undefined, { error: 'give notes and/or monitored' })
  .openapi('UpdateLocation')

const shareDaysError = `expiresInDays must be an integer from 1 to ${MAX_SHARE_DAYS}`
export const CreateShareSchema = z
  .object({
    expiresInDays: z
      .number()
      .int({ error: shareDaysError })
      .min(1, { error: shareDaysError })
      .max(MAX_SHARE_DAYS, { error: shareDaysError })
      .default(DEFAULT_SHARE_DAYS)
      .openapi({ format: 'int32', example: DEFAULT_SHARE_DAYS }),
  })
  .openapi('CreateShare')
export const ShareLinkSchema = z
  .object({
    id: Uuid.openapi({ description: 'Share link id (to revoke it)' }),
    shareUrl: z.string().url().max(500).openapi({
      description: 'Public read-only page; needs no API key',
      example: 'https://api.example.com/share/uIT_Qa6GJP_YHTLuAKPuaB0w3UTEdOfLq9mPH6XF7ag',
    }),
    jsonUrl: z.string().url().max(500).openapi({ description: 'The same project as JSON (GET, no API key)' }),
    expiresAt: Timestamp,
  })
  .openapi('ShareLink')
export const ShareLinkMetaSchema = z
  .object({ id: Uuid, expiresAt: Timestamp, revokedAt: Timestamp.nullable(), createdAt: Timestamp })
  .openapi('ShareLinkMeta')

const SharedFactor = z.object({ label: text(60), score, weight: z.number().min(0).max(1) })
export const SharedProjectSchema = z
  .object({
    project: z.object({ name: text(NAME_MAX), description: text(TEXT_MAX).nullable(), createdAt: Timestamp, updatedAt: Timestamp }),
    locations: z
      .array(
        z.object({
          address: text(400),
          lat,
          lng,
          score,
          grade,
          factors: z.object(
            Object.fromEntries(FACTOR_KEYS.map((k) => [k, SharedFactor])) as Record<(typeof FACTOR_KEYS)[number], typeof SharedFactor>,
          ),
          percentiles: PercentilesSchema.nullable(),
          hourly: HourlySchema.nullable().openapi({
            description: 'audience.hourly of the latest score; null on a result saved before 4.1',
          }),
        }),
      )
      .max(MAX_LOCATIONS_PER_PROJECT),
    dataSources: z.record(z.string().max(60), DataSourceSchema),
    expiresAt: Timestamp,
  })
  .openapi('SharedProject')

export const NotificationSchema = z
  .object({
    id: Uuid,
    type: z.enum(NOTIFICATION_TYPES),
    title: text(NOTIFICATION_TITLE_MAX),
    message: text(NOTIFICATION_MESSAGE_MAX),
    read: z.boolean(),
    createdAt: Timestamp,
  })
  .openapi('Notification')
export const NotificationListSchema = z.array(NotificationSchema).max(NOTIFICATIONS_LIMIT).openapi('NotificationList')
export const MarkReadSchema = z.object({ read: z.literal(true, { error: 'read must be true' }) }).openapi('MarkNotificationRead')
export const ReadAllSchema = z
  .object({ updated: int(0).openapi({ description: 'Notifications marked read by this call' }) })
  .openapi('ReadAllResult')
export const DeletedSchema = z.object({ id: Uuid, deleted: z.literal(true) }).openapi('Deleted')
