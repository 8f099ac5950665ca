// POST /api/v1/reports/score (Pro+), GET /api/v1/reports (the caller's reports, fresh links) and the
// public signed download GET /api/v1/reports/files/{reportId}.pdf (docs/decisions.md §8; no API key: the
// signature is the credential). The work is in services/reports.
import { wakeWebhooks } from '../middleware/webhooks'
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../env'
import { createRouter, errorResponses, int, jsonBody, jsonResponse, standardHeaders, Timestamp, Uuid } from '../lib/openapi'
import { ApiError } from '../errors'
import { principalOf, requireFeature } from '../middleware/plan-gate'
import { completionStatement, idempotency } from '../middleware/idempotency'
import { locationFields, requireLocation } from '../scoring/location'
import { SignSchema } from '../scoring'
import {
  checkReportUrl,
  createdReportAgain,
  createScoreReport,
  listReports,
  reportFile,
  reportFileName,
  signingSecret,
  type CreatedReport,
} from '../services/reports'
import { publicOrigin } from '../lib/public-origin'

const planGate = requireFeature('reports')

// The same sign block as POST /score (one schema): the report's impressions and ROI snapshot are for that sign.
const ReportRequestSchema = z
  .object({
    ...locationFields,
    sign: SignSchema.optional().openapi({
      description:
        "The sign the report's impressions, hourly chart and ROI snapshot are for (as on POST /score); without it, a typical sign",
    }),
  })
  .superRefine(requireLocation)
  .openapi('ReportRequest', {
    example: { address: '1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4', sign: { type: 'blade', faceAreaM2: 1, facing: 'both' } },
  })

const ReportSchema = z
  .object({
    reportUrl: z
      .string()
      .url()
      .max(500)
      .openapi({
        description: 'Signed PDF download URL; needs no API key; valid until expiresAt',
        example:
          'https://api.example.com/api/v1/reports/files/5f0c6a62-3b7e-4f7e-9b0a-3f4f6f7d8e9a.pdf' +
          '?expires=1764500000&sig=3q2-7wX0nYk5Jd0uQm1a9b8c7d6e5f4g3h2i1j0k9lM',
      }),
    expiresAt: Timestamp.openapi({ description: 'When reportUrl stops working (7 days); GET /reports gives fresh links' }),
    reportId: Uuid,
    warnings: z
      .array(
        z.object({
          code: z.enum(['text_not_drawn']).openapi({ description: 'Machine-readable reason; switch on this, not on the message.' }),
          message: z.string().max(400),
        }),
      )
      .max(5)
      .openapi({
        description:
          'Empty when the PDF shows everything. text_not_drawn: the report font (Noto Sans: Latin, Latin Extended, Greek, ' +
          'Cyrillic) has no glyph for some characters of the address (CJK, Arabic, Hebrew, emoji…); the PDF shows U+FFFD for them.',
      }),
  })
  .openapi('Report')

const ReportListSchema = z
  .object({
    reports: z
      .array(
        z.object({
          id: Uuid,
          address: z.string().max(400),
          lat: z.number(),
          lng: z.number(),
          overallScore: z.number().min(0).max(100),
          grade: z.string().max(2),
          sizeBytes: int(0, 10_000_000),
          createdAt: Timestamp,
          reportUrl: z.string().url().max(500),
          expiresAt: Timestamp,
        }),
      )
      .max(50),
  })
  .openapi('ReportList')

const reportView = (r: CreatedReport) => ({ reportUrl: r.reportUrl, expiresAt: r.expiresAt, reportId: r.reportId, warnings: r.warnings })

/** Replays a report created before a crash (idempotency: the record was completed with its row). */
async function replayReport(c: Context<AppEnv>, reportId: string, status: ContentfulStatusCode) {
  return c.json(reportView(await createdReportAgain(c.env, principalOf(c).userId, reportId, { origin: publicOrigin(c) })), status)
}

const createReportRoute = createRoute({
  method: 'post',
  path: '/reports/score',
  tags: ['Reports'],
  operationId: 'createScoreReport',
  summary: 'Generate a branded PDF score report (Pro plan and above)',
  description:
    'Scores the location and renders a PDF (US Letter): branded header, address, coordinates, overall ' +
    'score and grade, a bar chart of the seven factors with weights, the sign the impressions are for (the optional ' +
    '`sign` block, as on POST /score; without it a typical sign, and the report says so), the weekday hourly audience ' +
    'as a chart, an ROI snapshot for a $10,000 sign, every data source with its licence and attribution in full ' +
    '(continued on page 2 when needed), generation date and methodology version on every page. Text uses Noto Sans (Latin, Latin ' +
    'Extended, Greek, Cyrillic); characters outside it show as U+FFFD and are listed in `warnings`. ' +
    'Returns a signed download URL valid for 7 days. Accepts Idempotency-Key.',
  // Plan first (a free key gets 403 whatever its Idempotency-Key), then replay/claim the key.
  middleware: [planGate, idempotency({ replayCreated: replayReport })] as const,
  request: { body: jsonBody(ReportRequestSchema) },
  responses: {
    201: jsonResponse(ReportSchema, 'The report was created (or replayed for a repeated Idempotency-Key)'),
    ...errorResponses(400, 403, 409),
  },
})

const listReportsRoute = createRoute({
  method: 'get',
  path: '/reports',
  tags: ['Reports'],
  operationId: 'listReports',
  summary: 'Your 50 newest reports, with fresh signed links (Pro plan and above)',
  description:
    "Lists only the caller's own reports, newest first, each with a newly signed download URL " + 'valid for 7 days. Below Pro → 403.',
  middleware: [planGate] as const,
  responses: { 200: jsonResponse(ReportListSchema, 'Your reports, newest first'), ...errorResponses(403) },
})

const FileParam = z.object({
  file: z
    .string()
    .max(64)
    .openapi({
      pattern: '^[0-9a-f-]{36}\\.pdf$',
      param: { name: 'file', in: 'path' },
      example: '5f0c6a62-3b7e-4f7e-9b0a-3f4f6f7d8e9a.pdf',
    }),
})
const SignatureQuery = z.object({
  expires: z.string().max(16).optional().openapi({ pattern: '^[0-9]{1,12}$', description: 'Unix seconds, from the signed URL' }),
  sig: z.string().max(64).optional().openapi({ pattern: '^[A-Za-z0-9_-]{43}$', description: 'HMAC-SHA256 signature, from the signed URL' }),
})

const downloadRoute = createRoute({
  method: 'get',
  path: '/reports/files/{file}',
  tags: ['Reports'],
  operationId: 'downloadReport',
  summary: 'Download a report PDF (signed URL, no API key)',
  description: 'The link returned by POST /reports/score. Tampered or unsigned → 403, expired → 410. Supports If-None-Match (ETag).',
  security: [],
  request: { params: FileParam, query: SignatureQuery },
  responses: {
    200: {
      description: 'The PDF',
      content: { 'application/pdf': { schema: z.string().max(10_000_000).openapi({ format: 'binary' }) } },
      headers: {
        ...standardHeaders,
        ETag: { description: 'Entity tag of the stored file', schema: { type: 'string', maxLength: 100 } },
        'Content-Disposition': { description: 'inline; filename="sign-score-report-….pdf"', schema: { type: 'string', maxLength: 200 } },
      },
    },
    304: { description: 'Not modified (If-None-Match matched the ETag)', headers: standardHeaders },
    ...errorResponses(400, 403, 404, 410),
  },
})

const FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i

export const reportRoutes = createRouter()
  .openapi(createReportRoute, async (c) => {
    const principal = principalOf(c)
    const body = c.req.valid('json')
    const report = await createScoreReport(
      c.env,
      principal.userId,
      { address: body.address, lat: body.lat, lng: body.lng },
      {
        sign: body.sign,
        origin: publicOrigin(c),
        alsoInBatch: (reportId) => completionStatement(c, c.env.DB, 201, 'reports', reportId),
      },
    )
    wakeWebhooks(c, principal.userId)
    return c.json(reportView(report), 201)
  })
  .openapi(listReportsRoute, async (c) => {
    const principal = principalOf(c)
    return c.json({ reports: await listReports(c.env, principal.userId, { origin: publicOrigin(c) }) }, 200)
  })
  .openapi(downloadRoute, async (c) => {
    const { file } = c.req.valid('param')
    const { expires, sig } = c.req.valid('query')
    const match = FILE_NAME.exec(file)
    if (!match) throw new ApiError('NOT_FOUND', 'Report not found')
    const reportId = match[1].toLowerCase()
    const check = await checkReportUrl(signingSecret(c.env), reportId, expires, sig, Math.floor(Date.now() / 1000))
    if (check === 'invalid') throw new ApiError('FORBIDDEN', 'Invalid report link: the signature does not match')
    if (check === 'expired') throw new ApiError('GONE', 'This report link has expired; get a fresh one from GET /api/v1/reports')

    const object = await reportFile(c.env, reportId, c.req.header('if-none-match'))
    const maxAge = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000))
    const headers = {
      ETag: object.httpEtag,
      'Cache-Control': `private, max-age=${Math.min(maxAge, 86_400)}`,
    }
    // R2 returns an object without a body when the conditional (If-None-Match) matched.
    if (!('body' in object)) return c.body(null, 304, headers)
    return c.body(object.body, 200, {
      ...headers,
      'Content-Type': 'application/pdf',
      'Content-Length': String(object.size),
      'Content-Disposition': `inline; filename="${reportFileName(reportId)}"`,
    })
  })
