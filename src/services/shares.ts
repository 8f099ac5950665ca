// Share links (docs/decisions.md §6): a random 32-byte token whose SHA-256 alone is stored. The owner creates,
// lists and revokes them; anyone holding the token reads the project (lookupShare).
import { and, desc, eq, isNull } from 'drizzle-orm'
import { getDb, schema } from '../db/client'
import { gone, notFound } from '../errors'
import { randomToken, sha256Hex } from '../lib/crypto'
import { ownedProject, projectLocations, type LocationRow, type ProjectRow } from './projects'

export const DEFAULT_SHARE_DAYS = 30
export const MAX_SHARE_DAYS = 365
const DAY_MS = 86_400_000
const TOKEN_BYTES = 32
/** 32 bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

type ShareLinkRow = typeof schema.shareLinks.$inferSelect

export const generateShareToken = () => randomToken(TOKEN_BYTES)
export const isShareToken = (token: string) => TOKEN_PATTERN.test(token)
export const hashShareToken = (token: string) => sha256Hex(token)

const shareMeta = (r: ShareLinkRow) => ({ id: r.id, expiresAt: r.expiresAt, revokedAt: r.revokedAt, createdAt: r.createdAt })

/** A new link; the token is returned only now (only its hash is stored). */
export async function createShare(d1: D1Database, userId: string, projectId: string, days = DEFAULT_SHARE_DAYS) {
  const db = getDb(d1)
  const project = await ownedProject(db, userId, projectId)
  const token = generateShareToken()
  const now = new Date()
  const row = {
    id: crypto.randomUUID(),
    projectId: project.id,
    userId,
    tokenHash: await hashShareToken(token),
    expiresAt: new Date(now.getTime() + days * DAY_MS).toISOString(),
    revokedAt: null,
    createdAt: now.toISOString(),
  }
  await db.insert(schema.shareLinks).values(row)
  return { id: row.id, token, expiresAt: row.expiresAt }
}

export async function listShares(d1: D1Database, userId: string, projectId: string) {
  const db = getDb(d1)
  const project = await ownedProject(db, userId, projectId)
  const rows = await db
    .select()
    .from(schema.shareLinks)
    .where(and(eq(schema.shareLinks.projectId, project.id), eq(schema.shareLinks.userId, userId)))
    .orderBy(desc(schema.shareLinks.createdAt))
  return rows.map(shareMeta)
}

/** Revoking twice keeps the first revocation time. */
export async function revokeShare(d1: D1Database, userId: string, projectId: string, shareId: string) {
  const db = getDb(d1)
  const project = await ownedProject(db, userId, projectId)
  const owned = and(eq(schema.shareLinks.id, shareId), eq(schema.shareLinks.projectId, project.id), eq(schema.shareLinks.userId, userId))
  await db
    .update(schema.shareLinks)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(owned, isNull(schema.shareLinks.revokedAt)))
  const [row] = await db.select().from(schema.shareLinks).where(owned)
  if (!row) throw notFound('Share link')
  return shareMeta(row)
}

export type SharedLookup =
  | { state: 'missing' }
  | { state: 'gone'; reason: 'expired' | 'revoked' }
  | { state: 'ok'; project: ProjectRow; locations: LocationRow[]; expiresAt: string }

/** Resolves a public share token to its project (no user check: the token is the credential). */
export async function lookupShare(d1: D1Database, token: string, now = new Date()): Promise<SharedLookup> {
  if (!isShareToken(token)) return { state: 'missing' }
  const db = getDb(d1)
  const [link] = await db
    .select()
    .from(schema.shareLinks)
    .where(eq(schema.shareLinks.tokenHash, await hashShareToken(token)))
  if (!link) return { state: 'missing' }
  if (link.revokedAt) return { state: 'gone', reason: 'revoked' }
  if (Date.parse(link.expiresAt) <= now.getTime()) return { state: 'gone', reason: 'expired' }
  const [project] = await db.select().from(schema.projects).where(eq(schema.projects.id, link.projectId))
  if (!project) return { state: 'missing' }
  return { state: 'ok', project, locations: await projectLocations(db, project.id), expiresAt: link.expiresAt }
}

/** The JSON error for a link that cannot be shown (the HTML page words it for people instead). */
export function unavailableShare(found: Exclude<SharedLookup, { state: 'ok' }>) {
  if (found.state === 'missing') return notFound('Shared project')
  return gone(`This share link has ${found.reason === 'expired' ? 'expired' : 'been revoked'}`)
}
