// Projects and the ownership checks every project, location and share query goes through. Every query
// is scoped by the caller's user id: another user's objects are indistinguishable from missing ones (404).
// Ids reach here already parsed (lib/ids.ts parseId: a lower-case UUID).
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm'
import { getDb, schema, type Db } from '../db/client'
import { conflict, notFound } from '../errors'
import type { ScoreResult } from '../scoring'

export const MAX_PROJECTS_PER_USER = 1000
export const MAX_LOCATIONS_PER_PROJECT = 500

export type ProjectRow = typeof schema.projects.$inferSelect
export type LocationRow = typeof schema.savedLocations.$inferSelect

export const isOwnProject = (projectId: string, userId: string) =>
  and(eq(schema.projects.id, projectId), eq(schema.projects.userId, userId))

/** The caller's project, or 404. */
export async function ownedProject(db: Db, userId: string, id: string): Promise<ProjectRow> {
  const [row] = await db.select().from(schema.projects).where(isOwnProject(id, userId))
  if (!row) throw notFound('Project')
  return row
}

/**
 * A timestamp for touching a project that sorts strictly after every project of the user: two
 * changes in the same millisecond must still move the touched project to the top of the list.
 */
export async function nextUpdatedAt(db: Db, userId: string, now = new Date()): Promise<string> {
  const [row] = await db
    .select({ latest: max(schema.projects.updatedAt) })
    .from(schema.projects)
    .where(eq(schema.projects.userId, userId))
  const latest = row?.latest ? Date.parse(row.latest) : 0
  return new Date(Math.max(now.getTime(), latest + 1)).toISOString()
}

/** Moves a project to the top of its owner's list; a statement for the batch of the change that touches it. */
export const touchProject = (db: Db, projectId: string, userId: string, updatedAt: string) =>
  db.update(schema.projects).set({ updatedAt }).where(isOwnProject(projectId, userId))

export async function listProjects(d1: D1Database, userId: string) {
  const db = getDb(d1)
  const rows = await db
    .select()
    .from(schema.projects)
    .where(eq(schema.projects.userId, userId))
    .orderBy(desc(schema.projects.updatedAt), desc(sql`rowid`))
  const points = rows.length
    ? await db
        .select({ projectId: schema.savedLocations.projectId, lat: schema.savedLocations.lat, lng: schema.savedLocations.lng })
        .from(schema.savedLocations)
        .where(
          and(
            eq(schema.savedLocations.userId, userId),
            inArray(
              schema.savedLocations.projectId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(asc(schema.savedLocations.createdAt), asc(sql`rowid`))
    : []
  const byProject = new Map<string, { lat: number; lng: number }[]>()
  for (const p of points) {
    const list = byProject.get(p.projectId) ?? []
    list.push({ lat: p.lat, lng: p.lng })
    byProject.set(p.projectId, list)
  }
  return rows.map((r) => ({ ...projectSummary(r), locations: byProject.get(r.id) ?? [] }))
}

export async function createProject(d1: D1Database, userId: string, input: { name: string; description?: string }) {
  const db = getDb(d1)
  const [{ n }] = await db.select({ n: count() }).from(schema.projects).where(eq(schema.projects.userId, userId))
  if (n >= MAX_PROJECTS_PER_USER) throw conflict(`You already have the maximum of ${MAX_PROJECTS_PER_USER} projects; delete one first`)
  const createdAt = new Date().toISOString()
  const row = {
    id: crypto.randomUUID(),
    userId,
    name: input.name,
    description: input.description ?? null,
    createdAt,
    updatedAt: await nextUpdatedAt(db, userId),
  }
  await db.insert(schema.projects).values(row)
  return { id: row.id, name: row.name, description: row.description, createdAt }
}

/** The project with its saved locations in the order they were added. */
export async function getProject(d1: D1Database, userId: string, id: string) {
  const db = getDb(d1)
  const project = await ownedProject(db, userId, id)
  const locations = await projectLocations(db, project.id)
  return { ...projectSummary(project), locations: locations.map(locationView) }
}

export async function updateProject(d1: D1Database, userId: string, id: string, patch: { name?: string; description?: string | null }) {
  const db = getDb(d1)
  const project = await ownedProject(db, userId, id)
  const [row] = await db
    .update(schema.projects)
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.description !== undefined && { description: patch.description }),
      updatedAt: await nextUpdatedAt(db, userId),
    })
    .where(isOwnProject(project.id, userId))
    .returning()
  if (!row) throw notFound('Project')
  const points = (await projectLocations(db, row.id)).map((l) => ({ lat: l.lat, lng: l.lng }))
  return { ...projectSummary(row), locations: points }
}

/** Deletes the project with its locations and share links (children first: D1 enforces foreign keys; the batch is the transaction). */
export async function deleteProject(d1: D1Database, userId: string, id: string) {
  const db = getDb(d1)
  const project = await ownedProject(db, userId, id)
  await db.batch([
    db.delete(schema.shareLinks).where(and(eq(schema.shareLinks.projectId, project.id), eq(schema.shareLinks.userId, userId))),
    db.delete(schema.savedLocations).where(and(eq(schema.savedLocations.projectId, project.id), eq(schema.savedLocations.userId, userId))),
    db.delete(schema.projects).where(isOwnProject(project.id, userId)),
  ])
  return { id: project.id, deleted: true as const }
}

export const projectSummary = (r: ProjectRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
})

export async function projectLocations(db: Db, projectId: string) {
  return db
    .select()
    .from(schema.savedLocations)
    .where(eq(schema.savedLocations.projectId, projectId))
    .orderBy(asc(schema.savedLocations.createdAt), asc(sql`rowid`))
}

/** A location as its owner sees it in the project detail view. */
export const locationView = (l: LocationRow) => ({
  id: l.id,
  address: l.address,
  lat: l.lat,
  lng: l.lng,
  notes: l.notes,
  score: l.latestScore,
  grade: l.latestScoreGrade,
  latestScore: l.latestScore,
  latestScoreGrade: l.latestScoreGrade,
  monitored: l.monitored,
  scoredAt: l.scoredAt,
  createdAt: l.createdAt,
})

export const scoreResultOf = (l: LocationRow) => l.scoreResult as ScoreResult
