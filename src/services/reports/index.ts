// PDF score reports: score → ROI snapshot → render → R2 + D1 row → signed URL (docs/decisions.md §8).
import { and, desc, eq } from 'drizzle-orm'
import type { Env } from '../../env'
import { notFound } from '../../errors'
import { asStatement, getDb } from '../../db/client'
import { eventStatements } from '../webhooks/outbox'
import { ApiError } from '../../errors'
import { reports } from '../../db/schema'
import { estimateRoi, signalsOf, TYPICAL_SIGN_COST_CAD } from '../../roi'
import { DEFAULT_WEIGHTS, type ScoreResult, type SignInput } from '../../scoring'
import { scoreLocation, type LocationInput } from '../scoring'
import { reportFonts } from './fonts'
import { REPLACEMENT_CHARACTER } from './layout'
import { renderScoreReport, undrawableCharacters, type RoiSnapshot } from './render'
import { REPORT_URL_TTL_SECONDS, signedReportUrl, signingSecret } from './signing'

export * from './render'
export * from './signing'
export * from './fonts'
export * from './layout'

export const reportObjectKey = (userId: string, reportId: string) => `reports/${userId}/${reportId}.pdf`
export const reportFileName = (reportId: string) => `sign-score-report-${reportId.slice(0, 8)}.pdf`

export interface CreatedReport {
  reportId: string
  reportUrl: string
  expiresAt: string
  sizeBytes: number
  warnings: ReportWarning[]
}

export interface ReportWarning {
  code: 'text_not_drawn'
  message: string
}

/** The warning a report carries when the font could not draw some characters of its text (in practice, the address typed). */
export function reportWarnings(undrawable: readonly string[]): ReportWarning[] {
  if (undrawable.length === 0) return []
  const shown = undrawable.slice(0, 10).join(' ')
  return [
    {
      code: 'text_not_drawn',
      message:
        `The PDF font cannot draw ${undrawable.length} distinct character${undrawable.length > 1 ? 's' : ''} in the report ` +
        `(${shown}${undrawable.length > 10 ? ' …' : ''}); they show as ${REPLACEMENT_CHARACTER}. The report covers Latin, ` +
        'Latin Extended (French included), Greek and Cyrillic.',
    },
  ]
}

/**
 * A report's ROI snapshot: a $10,000 sign valued on the result's impressions (for the request's sign, or the
 * typical one), so the snapshot and the audience section give the same daily figure. Scripts and benches that
 * render a report (scripts/lib/report-bundle.mjs) call this too.
 */
export function reportRoi(result: ScoreResult): RoiSnapshot {
  const estimate = estimateRoi({
    overallScore: result.overallScore,
    signCost: TYPICAL_SIGN_COST_CAD,
    signals: signalsOf(result),
    impressions: result.audience.impressions ?? undefined,
  })
  return { signCost: TYPICAL_SIGN_COST_CAD, estimate }
}

/**
 * Scores, renders and stores a report. R2 first, then the D1 row: a report is only ever listed or
 * replayed once its row exists. `alsoInBatch` adds statements to the row's insert (the idempotency
 * completion), so the row and the completion commit together. A worker dying between the R2 put and
 * that commit leaves an orphaned object under reports/<user>/ that nothing links to (no row, no charge).
 */
export async function createScoreReport(
  env: Env,
  userId: string,
  location: LocationInput,
  options: {
    origin: string
    now?: Date
    alsoInBatch?: (reportId: string) => D1PreparedStatement | undefined
    /** The request's sign block (checked by the route's schema; a facing street not at the point → 400 from scoreLocation). */
    sign?: SignInput
  },
): Promise<CreatedReport> {
  const secret = signingSecret(env) // refuse before doing any work
  const fonts = await reportFonts(env)
  const now = options.now ?? new Date()
  const result = await scoreLocation(env, location, DEFAULT_WEIGHTS, { sign: options.sign })
  const reportId = crypto.randomUUID()
  const rendered = await renderScoreReport(result, reportRoi(result), { generatedAt: now, reportId, fonts })
  const pdf = rendered.pdf

  const objectKey = reportObjectKey(userId, reportId)
  await env.REPORTS.put(objectKey, pdf, {
    httpMetadata: { contentType: 'application/pdf', contentDisposition: `inline; filename="${reportFileName(reportId)}"` },
    customMetadata: { userId, reportId, address: result.address.slice(0, 200) },
  })
  try {
    const insert = getDb(env.DB)
      .insert(reports)
      .values({
        id: reportId,
        userId,
        objectKey,
        address: result.address,
        lat: result.lat,
        lng: result.lng,
        overallScore: result.overallScore,
        grade: result.grade,
        sizeBytes: pdf.byteLength,
        createdAt: now.toISOString(),
      })
      .toSQL()
    const extra = options.alsoInBatch?.(reportId)
    const link = await reportLink(options.origin, secret, reportId, now)
    const data = { reportId, ...link, address: result.address, overallScore: result.overallScore, grade: result.grade }
    const event = eventStatements(getDb(env.DB), userId, { type: 'report.ready', data: { ...data, sizeBytes: pdf.byteLength } }, now)
    await env.DB.batch([
      env.DB.prepare(insert.sql).bind(...insert.params),
      ...event.statements.map((query) => asStatement(env.DB, query)),
      ...(extra ? [extra] : []),
    ])
  } catch (error) {
    // Without its row the object is unreachable; don't leave it behind.
    await env.REPORTS.delete(objectKey).catch(() => undefined)
    throw error
  }
  const warnings = reportWarnings(rendered.undrawable)
  return { reportId, ...(await reportLink(options.origin, secret, reportId, now)), sizeBytes: pdf.byteLength, warnings }
}

/** The signed link handed out at creation: valid for REPORT_URL_TTL_SECONDS from `createdAt`. */
async function reportLink(origin: string, secret: string, reportId: string, createdAt: Date) {
  const expires = Math.floor(createdAt.getTime() / 1000) + REPORT_URL_TTL_SECONDS
  return { reportUrl: await signedReportUrl(origin, secret, reportId, expires), expiresAt: new Date(expires * 1000).toISOString() }
}

/** The creation response again (same link, same expiry), for an idempotent retry after a crash. */
export async function createdReportAgain(env: Env, userId: string, reportId: string, options: { origin: string }): Promise<CreatedReport> {
  const row = await findReport(env, reportId, userId)
  if (!row) throw new ApiError('NOT_FOUND', 'Report not found')
  const link = await reportLink(options.origin, signingSecret(env), reportId, new Date(row.createdAt))
  const warnings = reportWarnings(await undrawableCharacters(row.address, await reportFonts(env)))
  return { reportId, ...link, sizeBytes: row.sizeBytes, warnings }
}

/** The caller's newest reports, each with a fresh signed URL. */
export async function listReports(env: Env, userId: string, options: { origin: string; now?: Date; limit?: number }) {
  const secret = signingSecret(env)
  const now = options.now ?? new Date()
  const expires = Math.floor(now.getTime() / 1000) + REPORT_URL_TTL_SECONDS
  const rows = await getDb(env.DB)
    .select()
    .from(reports)
    .where(eq(reports.userId, userId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(options.limit ?? 50)
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      address: r.address,
      lat: r.lat,
      lng: r.lng,
      overallScore: r.overallScore,
      grade: r.grade,
      sizeBytes: r.sizeBytes,
      createdAt: r.createdAt,
      reportUrl: await signedReportUrl(options.origin, secret, r.id, expires),
      expiresAt: new Date(expires * 1000).toISOString(),
    })),
  )
}

export async function findReport(env: Env, reportId: string, userId?: string) {
  const where = userId ? and(eq(reports.id, reportId), eq(reports.userId, userId)) : eq(reports.id, reportId)
  return (await getDb(env.DB).select().from(reports).where(where).limit(1))[0]
}

/**
 * A report's stored PDF; when `ifNoneMatch` (the request header) names its ETag, R2 answers a body-less
 * object (the 304). 404 when the row or the object is gone.
 */
export async function reportFile(env: Env, reportId: string, ifNoneMatch?: string) {
  const row = await findReport(env, reportId)
  const etag = ifNoneMatch?.replace(/^W\//, '').replace(/"/g, '').trim()
  const object = row && (await env.REPORTS.get(row.objectKey, etag ? { onlyIf: { etagDoesNotMatch: etag } } : {}))
  if (!row || !object) throw notFound('Report')
  return object
}
