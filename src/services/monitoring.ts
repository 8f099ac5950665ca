// Cron job (docs/decisions.md §6): re-scores monitored locations in batches. A change of ≥ 5 points or of grade
// writes a scoreChange notification (saying so when the scoring method changed since the last score); a location
// whose cached result came from an older bundled data version or methodology gets its owner one dataUpdate
// notification per data version and one per methodology version. Idempotent: each notification
// carries a dedupeKey and is inserted only if none with that key exists, and each location update is
// conditional on the cached state it was computed from, so overlapping or repeated runs add nothing.
import { and, asc, eq, exists, gt, sql } from 'drizzle-orm'
import { getDb, schema } from '../db/client'
import type { Env } from '../env'
import { DATA_VERSION } from '../geo/geodata'
import { METHODOLOGY_VERSION, type ScoreResult } from '../scoring'
import { notificationInsert, notificationStatements } from './notifications'
import { eventStatements } from './webhooks/outbox'
import { scoreLocation } from './scoring'
import { parseLocation } from '../scoring/location'

export const SCORE_CHANGE_POINTS = 5
export const MONITOR_BATCH_SIZE = 50

export interface MonitoringSummary {
  scanned: number
  rescored: number
  scoreChanges: number
  dataUpdates: number
  failed: number
}

/** Pure rule: is the move from `before` to `after` worth telling the owner about? */
export function isSignificantChange(before: { score: number; grade: string }, after: { score: number; grade: string }) {
  return Math.abs(after.score - before.score) >= SCORE_CHANGE_POINTS || before.grade !== after.grade
}

const fmt = (score: number) => score.toFixed(1)

export async function runMonitoring(env: Env, options: { now?: Date; batchSize?: number } = {}): Promise<MonitoringSummary> {
  const db = getDb(env.DB)
  const batchSize = options.batchSize ?? MONITOR_BATCH_SIZE
  const summary: MonitoringSummary = { scanned: 0, rescored: 0, scoreChanges: 0, dataUpdates: 0, failed: 0 }
  const dataUpdateSent = new Set<string>()
  const methodUpdateSent = new Set<string>()
  let cursor = ''
  for (;;) {
    // Keyset pagination by id: stable while rows change underneath.
    const batch = await db
      .select({ location: schema.savedLocations, projectName: schema.projects.name })
      .from(schema.savedLocations)
      .innerJoin(schema.projects, eq(schema.projects.id, schema.savedLocations.projectId))
      .where(and(eq(schema.savedLocations.monitored, true), gt(schema.savedLocations.id, cursor)))
      .orderBy(asc(schema.savedLocations.id))
      .limit(batchSize)
    if (!batch.length) break
    cursor = batch[batch.length - 1].location.id
    summary.scanned += batch.length
    const now = options.now ?? new Date()
    const scored = await Promise.allSettled(
      batch.map(async ({ location: l }) =>
        scoreLocation(
          env,
          parseLocation({ address: l.inputAddress ?? undefined, lat: l.inputLat ?? undefined, lng: l.inputLng ?? undefined }),
        ),
      ),
    )
    const statements = []
    for (const [i, { location: l, projectName }] of batch.entries()) {
      const outcome = scored[i]
      if (outcome.status === 'rejected') {
        summary.failed++
        continue
      }
      const result: ScoreResult = outcome.value
      const previous = l.scoreResult as ScoreResult
      // A result cached under another methodology moves because the method did, in part or in all: said, never hidden.
      const methodBefore = previous?.methodologyVersion !== METHODOLOGY_VERSION ? previous?.methodologyVersion : undefined
      summary.rescored++
      statements.push(
        db
          .update(schema.savedLocations)
          .set({ latestScore: result.overallScore, latestScoreGrade: result.grade, scoreResult: result, scoredAt: now.toISOString() })
          .where(and(eq(schema.savedLocations.id, l.id), eq(schema.savedLocations.scoredAt, l.scoredAt))),
      )
      if (isSignificantChange({ score: l.latestScore, grade: l.latestScoreGrade }, { score: result.overallScore, grade: result.grade })) {
        summary.scoreChanges++
        statements.push(
          ...notificationStatements(
            db,
            l.userId,
            {
              type: 'scoreChange',
              title: `Score changed: ${l.address}`,
              message:
                `${l.address} in “${projectName}” moved from ${fmt(l.latestScore)} (${l.latestScoreGrade}) ` +
                `to ${fmt(result.overallScore)} (${result.grade}).` +
                (methodBefore
                  ? ` The scoring methodology changed since its last score (${methodBefore} → ${METHODOLOGY_VERSION}): ` +
                    'the move may come from the method, not from the place.'
                  : ''),
              dedupeKey: `scoreChange:${l.id}:${l.scoredAt}`,
            },
            now,
          ),
          // Only when this run's update landed (an overlapping run that lost the race writes no event).
          ...eventStatements(
            db,
            l.userId,
            {
              type: 'location.score_changed',
              data: {
                projectId: l.projectId,
                projectName,
                locationId: l.id,
                address: l.address,
                previous: {
                  overallScore: l.latestScore,
                  grade: l.latestScoreGrade,
                  scoredAt: l.scoredAt,
                  ...(previous?.methodologyVersion && { methodologyVersion: previous.methodologyVersion }),
                },
                current: {
                  overallScore: result.overallScore,
                  grade: result.grade,
                  scoredAt: now.toISOString(),
                  methodologyVersion: result.methodologyVersion,
                },
              },
              when: exists(
                db
                  .select({ one: sql`1` })
                  .from(schema.savedLocations)
                  .where(and(eq(schema.savedLocations.id, l.id), eq(schema.savedLocations.scoredAt, now.toISOString()))),
              ),
            },
            now,
          ).statements,
        )
      }
      // One notice per user and version, whichever of the user's locations shows the change first.
      const noticeOnce = (sent: Set<string>, notice: { title: string; message: string; dedupeKey: string }) => {
        if (sent.has(l.userId)) return
        sent.add(l.userId)
        summary.dataUpdates++
        statements.push(notificationInsert(db, l.userId, { type: 'dataUpdate', ...notice }, now))
      }
      if (previous?.dataVersion && previous.dataVersion !== DATA_VERSION)
        noticeOnce(dataUpdateSent, {
          title: 'Scoring data updated',
          message: `The bundled geodata changed (now ${DATA_VERSION}). Your monitored locations have been re-scored with it.`,
          dedupeKey: `dataUpdate:${DATA_VERSION}`,
        })
      if (methodBefore)
        noticeOnce(methodUpdateSent, {
          title: 'Scoring method updated',
          message:
            `Scores now use methodology ${METHODOLOGY_VERSION} (your monitored locations were scored with ${methodBefore}). ` +
            'They have been re-scored with it; a score change in this run may come from the method, not from the place.',
          dedupeKey: `methodologyUpdate:${METHODOLOGY_VERSION}`,
        })
    }
    if (statements.length) await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]])
    if (batch.length < batchSize) break
  }
  return summary
}
