// Project, location and share-link queries. Every query is scoped by the caller's user id: another
// user's objects are indistinguishable from missing ones (404).
import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm'
import { schema, type Db } from '../db/client'
import { notFound } from '../errors'
import { isUuid } from '../lib/openapi'
import { sha256Hex } from '../auth/keys'
import type { ScoreResult } from '../scoring'

export const MAX_PROJECTS_PER_USER = 1000
export const MAX_LOCATIONS_PER_PROJECT = 500
export const DEFAULT_SHARE_DAYS = 30

export type ProjectRow = typeof schema.projects.$inferSelect
export type LocationRow = typeof schema.savedLocations.$inferSelect

/** The caller's project, or 404 (also for malformed ids: nothing can be found under them). */
export async function ownedProject(db: Db, userId: string, id: string): Promise<ProjectRow> {
  if (!isUuid(id)) throw notFound('Project')
  const [row] = await db.select().from(schema.projects).where(and(eq(schema.projects.id, id), eq(schema.projects.userId, userId)))
  if (!row) throw notFound('Project')
  return row
}

export async function ownedLocation(db: Db, userId: string, projectId: string, locationId: string): Promise<LocationRow> {
  if (!isUuid(projectId) || !isUuid(locationId)) throw notFound('Location')
  const [row] = await db
    .select()
    .from(schema.savedLocations)
    .where(and(eq(schema.savedLocations.id, locationId), eq(schema.savedLocations.projectId, projectId), eq(schema.savedLocations.userId, userId)))
  if (!row) throw notFound('Location')
  return row
}

/**
 * A timestamp for touching a project that sorts strictly after every project of the user: two
 * changes in the same millisecond must still move the touched project to the top of the list.
 */
export async function nextUpdatedAt(db: Db, userId: string, now = new Date()): Promise<string> {
  const [row] = await db.select({ latest: max(schema.projects.updatedAt) }).from(schema.projects).where(eq(schema.projects.userId, userId))
  const latest = row?.latest ? Date.parse(row.latest) : 0
  return new Date(Math.max(now.getTime(), latest + 1)).toISOString()
}

export async function listProjects(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(schema.projects)
    .where(eq(schema.projects.userId, userId))
    .orderBy(desc(schema.projects.updatedAt), desc(sql`rowid`))
  const points = rows.length
    ? await db
        .select({ projectId: schema.savedLocations.projectId, lat: schema.savedLocations.lat, lng: schema.savedLocations.lng })
        .from(schema.savedLocations)
        .where(and(eq(schema.savedLocations.userId, userId), inArray(schema.savedLocations.projectId, rows.map((r) => r.id))))
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

export const projectSummary = (r: ProjectRow) => ({ id: r.id, name: r.name, description: r.description, createdAt: r.createdAt, updatedAt: r.updatedAt })

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

// Share tokens: 32 random bytes, base64url (43 characters). Only SHA-256(token) is stored.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function generateShareToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export const isShareToken = (token: string) => TOKEN_PATTERN.test(token)
export const hashShareToken = (token: string) => sha256Hex(token)

export type SharedLookup =
  | { state: 'missing' }
  | { state: 'gone'; reason: 'expired' | 'revoked' }
  | { state: 'ok'; project: ProjectRow; locations: LocationRow[]; expiresAt: string }

/** Resolves a public share token to its project (no user check: the token is the credential). */
export async function lookupShare(db: Db, token: string, now = new Date()): Promise<SharedLookup> {
  if (!isShareToken(token)) return { state: 'missing' }
  const hash = await hashShareToken(token)
  const [link] = await db.select().from(schema.shareLinks).where(eq(schema.shareLinks.tokenHash, hash))
  if (!link) return { state: 'missing' }
  if (link.revokedAt) return { state: 'gone', reason: 'revoked' }
  if (Date.parse(link.expiresAt) <= now.getTime()) return { state: 'gone', reason: 'expired' }
  const [project] = await db.select().from(schema.projects).where(eq(schema.projects.id, link.projectId))
  if (!project) return { state: 'missing' }
  return { state: 'ok', project, locations: await projectLocations(db, project.id), expiresAt: link.expiresAt }
}
