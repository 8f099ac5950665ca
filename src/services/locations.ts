// Saved locations of a project: added (scored now, result cached), read, changed, removed. Every change
// touches the project in the same batch so it moves to the top of its owner's list.
import { and, count, eq, sql } from 'drizzle-orm'
import { getDb, schema } from '../db/client'
import type { Env } from '../env'
import { conflict, notFound } from '../errors'
import {
  isOwnProject,
  locationView,
  MAX_LOCATIONS_PER_PROJECT,
  nextUpdatedAt,
  ownedProject,
  scoreResultOf,
  touchProject,
  type LocationRow,
} from './projects'
import { scoreLocation } from './scoring'

export interface NewLocation {
  address?: string
  lat?: number
  lng?: number
  notes?: string
  monitored?: boolean
}

async function ownedLocation(db: ReturnType<typeof getDb>, userId: string, projectId: string, locationId: string): Promise<LocationRow> {
  const [row] = await db
    .select()
    .from(schema.savedLocations)
    .where(
      and(
        eq(schema.savedLocations.id, locationId),
        eq(schema.savedLocations.projectId, projectId),
        eq(schema.savedLocations.userId, userId),
      ),
    )
  if (!row) throw notFound('Location')
  return row
}

const isOwnLocation = (locationId: string, userId: string) =>
  and(eq(schema.savedLocations.id, locationId), eq(schema.savedLocations.userId, userId))

export async function addLocation(env: Env, userId: string, projectId: string, input: NewLocation) {
  const db = getDb(env.DB)
  const project = await ownedProject(db, userId, projectId)
  const [{ n }] = await db.select({ n: count() }).from(schema.savedLocations).where(eq(schema.savedLocations.projectId, project.id))
  if (n >= MAX_LOCATIONS_PER_PROJECT) throw conflict(`This project already holds the maximum of ${MAX_LOCATIONS_PER_PROJECT} locations`)
  const result = await scoreLocation(env, { address: input.address, lat: input.lat, lng: input.lng })
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
            inputAddress: sql<string | null>`${input.address ?? null}`.as('input_address'),
            inputLat: sql<number | null>`${input.lat ?? null}`.as('input_lat'),
            inputLng: sql<number | null>`${input.lng ?? null}`.as('input_lng'),
            lat: sql<number>`${result.lat}`.as('lat'),
            lng: sql<number>`${result.lng}`.as('lng'),
            notes: sql<string | null>`${input.notes ?? null}`.as('notes'),
            latestScore: sql<number>`${result.overallScore}`.as('latest_score'),
            latestScoreGrade: sql<string>`${result.grade}`.as('latest_score_grade'),
            scoreResult: sql<string>`${JSON.stringify(result)}`.as('score_result'),
            scoredAt: sql<string>`${now}`.as('scored_at'),
            monitored: sql<number>`${input.monitored ? 1 : 0}`.as('monitored'),
            createdAt: sql<string>`${now}`.as('created_at'),
            updatedAt: sql<string>`${now}`.as('updated_at'),
          })
          .from(schema.projects)
          .where(isOwnProject(project.id, userId)),
      )
      .returning({ id: schema.savedLocations.id }),
    touchProject(db, project.id, userId, updatedAt),
  ])
  if (!inserted.length) throw notFound('Project')
  return { id, latestScore: result.overallScore, latestScoreGrade: result.grade }
}

/** The location with its cached full score result. */
export async function getLocation(d1: D1Database, userId: string, projectId: string, locationId: string) {
  const location = await ownedLocation(getDb(d1), userId, projectId, locationId)
  return { ...locationView(location), scoreResult: scoreResultOf(location) }
}

export async function updateLocation(
  d1: D1Database,
  userId: string,
  projectId: string,
  locationId: string,
  patch: { notes?: string | null; monitored?: boolean },
) {
  const db = getDb(d1)
  const location = await ownedLocation(db, userId, projectId, locationId)
  const now = new Date().toISOString()
  const [[row]] = await db.batch([
    db
      .update(schema.savedLocations)
      .set({
        ...(patch.notes !== undefined && { notes: patch.notes }),
        ...(patch.monitored !== undefined && { monitored: patch.monitored }),
        updatedAt: now,
      })
      .where(isOwnLocation(location.id, userId))
      .returning(),
    touchProject(db, location.projectId, userId, await nextUpdatedAt(db, userId)),
  ])
  if (!row) throw notFound('Location')
  return locationView(row)
}

export async function deleteLocation(d1: D1Database, userId: string, projectId: string, locationId: string) {
  const db = getDb(d1)
  const location = await ownedLocation(db, userId, projectId, locationId)
  await db.batch([
    db.delete(schema.savedLocations).where(isOwnLocation(location.id, userId)),
    touchProject(db, location.projectId, userId, await nextUpdatedAt(db, userId)),
  ])
  return { id: location.id, deleted: true as const }
}
