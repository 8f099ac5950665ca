import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { call, createKey, expectError } from '../helpers/api'
import { reportFonts, signReport, signingSecret, REPORT_URL_TTL_SECONDS } from '../../src/services/reports'
import { ApiError } from '../../src/errors'
import { pdfPageTexts } from './pdf-text'

const MONTREAL = '1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4'

/** Fetches a download URL without a key and keeps the body as bytes. */
async function download(url: string, headers: Record<string, string> = {}) {
  const u = new URL(url, 'http://api.test')
  return call(`${u.pathname}${u.search}`, { headers })
}

async function createReport(body: unknown = { address: MONTREAL }, plan: 'pro' | 'scale' | 'enterprise' = 'pro') {
  const owner = await createKey(plan)
  const res = await call('/api/v1/reports/score', { key: owner.key, body })
  return { owner, res, url: new URL(res.json?.reportUrl ?? 'http://x/') }
}

describe('POST /api/v1/reports/score', () => {
  it('pro key → 201 with a signed URL valid for 7 days; the PDF is in R2 under reports/<userId>/<reportId>.pdf', async () => {
    const before = Date.now()
    const { owner, res, url } = await createReport()
    expect(res.status).toBe(201)
    expect(url.pathname).toMatch(/^\/api\/v1\/reports\/files\/[0-9a-f-]{36}\.pdf$/)
    expect(url.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const ttl = (Date.parse(res.json.expiresAt) - before) / 1000
    expect(ttl).toBeGreaterThan(REPORT_URL_TTL_SECONDS - 60)
    expect(ttl).toBeLessThanOrEqual(REPORT_URL_TTL_SECONDS + 1)
    const object = await env.REPORTS.head(`reports/${owner.userId}/${res.json.reportId}.pdf`)
    expect(object?.httpMetadata?.contentType).toBe('application/pdf')
  })

  it('the URL downloads a valid PDF without a key: headers, %PDF, parses back, has the address and grade', async () => {
    const { owner, res } = await createReport()
    const score = await call('/api/v1/score', { key: owner.key, body: { address: MONTREAL } })
    const file = await download(res.json.reportUrl)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="sign-score-report-[0-9a-f]{8}\.pdf"$/)
    expect(file.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/)
    expect(new TextDecoder().decode(file.bytes.slice(0, 5))).toBe('%PDF-')
    const { pages } = await pdfPageTexts(file.bytes)
    const text = pages[0].replace(/\s+/g, ' ')
    expect(text).toContain(score.json.address)
    expect(text).toContain(`grade ${score.json.grade}`)
    expect(text).toContain('ROI snapshot')
  })

  it('address the font cannot fully draw → 201 with a text_not_drawn warning (also when replayed); none otherwise', async () => {
    const owner = await createKey('pro')
    const headers = { 'idempotency-key': crypto.randomUUID() }
    const body = { lat: 45.5017, lng: -73.5673, address: '東京 Café 🚀, Montréal' }
    const first = await call('/api/v1/reports/score', { key: owner.key, body, headers })
    expect(first.status).toBe(201)
    expect(first.json.warnings).toEqual([{ code: 'text_not_drawn', message: expect.stringContaining('東 京 🚀') }])
    const again = await call('/api/v1/reports/score', { key: owner.key, body, headers })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json.warnings).toEqual(first.json.warnings)
    const { pages } = await pdfPageTexts((await download(first.json.reportUrl)).bytes)
    expect(pages[0]).toContain('\uFFFD\uFFFD Café \uFFFD, Montréal')
    expect((await createReport()).res.json.warnings).toEqual([])
  })

  it('If-None-Match with the ETag → 304', async () => {
    const { res } = await createReport({ lat: 43.6487, lng: -79.3962 })
    const first = await download(res.json.reportUrl)
    const again = await download(res.json.reportUrl, { 'if-none-match': first.headers.get('etag')! })
    expect(again.status).toBe(304)
    expect(again.bytes.byteLength).toBe(0)
  })

  it('Idempotency-Key: a repeat replays the same report (one PDF); another body with the key → 409', async () => {
    const owner = await createKey('pro')
    const headers = { 'idempotency-key': crypto.randomUUID() }
    const first = await call('/api/v1/reports/score', { key: owner.key, body: { address: MONTREAL }, headers })
    const again = await call('/api/v1/reports/score', { key: owner.key, body: { address: MONTREAL }, headers })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.json.reportUrl).toBe(first.json.reportUrl)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect((await call('/api/v1/reports', { key: owner.key })).json.reports).toHaveLength(1)
    expectError(await call('/api/v1/reports/score', { key: owner.key, body: { lat: 45.5, lng: -73.57 }, headers }), 409, 'CONFLICT')
  })

  it('a sign block (the schema of /score): the report is for that sign, as /score figures it; without one, the typical sign', async () => {
    const owner = await createKey('pro')
    const sign = { type: 'pylon', faceAreaM2: 8, mountingHeightM: 7, setbackM: 3, illuminated: true }
    const created = await call('/api/v1/reports/score', { key: owner.key, body: { address: MONTREAL, sign } })
    expect(created.status).toBe(201)
    const score = await call('/api/v1/score', { key: owner.key, body: { address: MONTREAL, sign } })
    const impressions = score.json.audience.impressions
    expect(impressions.sign.assumed).toBe(false)
    const { pages } = await pdfPageTexts((await download(created.json.reportUrl)).bytes)
    const text = pages.join('\n').replace(/\s+/g, ' ')
    expect(text).toContain('Impressions for the sign given, a pylon sign: 8 m² face, centre 7 m above grade, 3 m from the curb, lit')
    expect(text).toContain(`${impressions.daily.toLocaleString('en-CA')} people a weekday likely to see it`)
    expect(text).toContain('people passing likely to see a pylon sign') // the ROI snapshot's note
    expect(text).toContain('Weekday audience by hour (% of the day)')
    const typical = await download((await createReport()).res.json.reportUrl)
    const typicalText = (await pdfPageTexts(typical.bytes)).pages.join('\n').replace(/\s+/g, ' ')
    expect(typicalText).toContain('No sign was given: the figures are for a typical channel-letters sign')
  })

  it('scale and enterprise keys may create reports too', async () => {
    expect((await createReport({ address: MONTREAL }, 'scale')).res.status).toBe(201)
    expect((await createReport({ address: MONTREAL }, 'enterprise')).res.status).toBe(201)
  })

  describe('errors and security', () => {
    it('free key → 403 FORBIDDEN (before any work)', async () => {
      const { key } = await createKey('free')
      const err = expectError(await call('/api/v1/reports/score', { key, body: { address: MONTREAL } }), 403, 'FORBIDDEN')
      expect(err.message).toMatch(/Pro plan/)
    })

    it('no key → 401', async () => {
      expectError(await call('/api/v1/reports/score', { body: { address: MONTREAL } }), 401, 'UNAUTHORIZED')
    })

    it('address and coordinates missing → 400; unknown address → 400; half a coordinate pair → 400', async () => {
      const { key } = await createKey('pro')
      expectError(await call('/api/v1/reports/score', { key, body: {} }), 400, 'BAD_REQUEST')
      expectError(await call('/api/v1/reports/score', { key, body: { address: 'qqqq zzzz' } }), 400, 'BAD_REQUEST')
      expectError(await call('/api/v1/reports/score', { key, body: { lat: 45.5 } }), 400, 'BAD_REQUEST')
    })

    it('bad sign input → 400 listing the valid values, as on /score; nothing is stored', async () => {
      const { key } = await createKey('pro')
      const report = (sign: unknown) => call('/api/v1/reports/score', { key, body: { address: MONTREAL, sign } })
      const unknownType = expectError(await report({ type: 'billboard' }), 400, 'BAD_REQUEST')
      const typeDetail = unknownType.details!.find((d: { path: string }) => d.path === 'sign.type')!
      for (const v of ['pylon', 'monument', 'channel-letters', 'wall', 'digital', 'a-frame']) expect(typeDetail.message).toContain(`"${v}"`)
      const negative = expectError(await report({ type: 'pylon', faceAreaM2: -2 }), 400, 'BAD_REQUEST')
      expect(negative.details!.map((d: { path: string }) => d.path)).toContain('sign.faceAreaM2')
      expectError(await report({ type: 'pylon', colour: 'red' }), 400, 'BAD_REQUEST') // strict: an unknown field
      const street = expectError(await report({ type: 'pylon', facing: 'Nowhere Rd' }), 400, 'BAD_REQUEST')
      expect(street.details![0].path).toBe('sign.facing')
      expect(street.message).toContain('"both"')
      expect((await call('/api/v1/reports', { key })).json.reports).toEqual([])
    })

    it('tampered signature, tampered expiry, swapped report id or no signature → 403', async () => {
      const { url } = await createReport()
      const sig = url.searchParams.get('sig')!
      const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)
      const later = String(Number(url.searchParams.get('expires')) + 3600)
      const other = (await createReport()).url
      for (const bad of [
        `${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${flipped}`,
        `${url.pathname}?expires=${later}&sig=${sig}`,
        `${other.pathname}?expires=${url.searchParams.get('expires')}&sig=${sig}`,
        url.pathname,
        `${url.pathname}?expires=abc&sig=${sig}`,
      ])
        expectError(await download(bad), 403, 'FORBIDDEN')
    })

    it('a genuine but expired link → 410 GONE', async () => {
      const { url } = await createReport()
      const reportId = url.pathname.split('/').pop()!.replace('.pdf', '')
      const past = Math.floor(Date.now() / 1000) - 60
      const sig = await signReport(env.REPORT_SIGNING_SECRET!, reportId, past)
      expectError(await download(`${url.pathname}?expires=${past}&sig=${sig}`), 410, 'GONE')
    })

    it('a signed link to a report that does not exist → 404; a malformed file name → 404', async () => {
      const id = crypto.randomUUID()
      const expires = Math.floor(Date.now() / 1000) + 600
      const sig = await signReport(env.REPORT_SIGNING_SECRET!, id, expires)
      expectError(await download(`/api/v1/reports/files/${id}.pdf?expires=${expires}&sig=${sig}`), 404, 'NOT_FOUND')
      expectError(await download(`/api/v1/reports/files/..%2Fsecret.pdf?expires=${expires}&sig=${sig}`), 404, 'NOT_FOUND')
    })

    it("another user cannot list it, and GET /reports lists only the caller's reports with fresh links", async () => {
      const a = await createReport()
      const b = await createReport({ lat: 49.2827, lng: -123.1207 })
      const listA = await call('/api/v1/reports', { key: a.owner.key })
      const listB = await call('/api/v1/reports', { key: b.owner.key })
      expect(listA.json.reports.map((r: { id: string }) => r.id)).toEqual([a.res.json.reportId])
      expect(listB.json.reports.map((r: { id: string }) => r.id)).toEqual([b.res.json.reportId])
      expect((await download(listA.json.reports[0].reportUrl)).status).toBe(200)
      const { key: freeKey } = await createKey('free')
      expectError(await call('/api/v1/reports', { key: freeKey }), 403, 'FORBIDDEN')
    })

    it('a server without the report fonts refuses with a clear 500 message (nothing is drawn with a fallback font)', async () => {
      await expect(reportFonts({})).rejects.toMatchObject({ code: 'INTERNAL', message: expect.stringMatching(/report fonts are missing/) })
      expect((await reportFonts(env)).regular.byteLength).toBeGreaterThan(100_000)
    })

    it('a server without REPORT_SIGNING_SECRET refuses to sign with a clear message', () => {
      expect(() => signingSecret({})).toThrow(ApiError)
      expect(() => signingSecret({ REPORT_SIGNING_SECRET: 'short' })).toThrow(/REPORT_SIGNING_SECRET/)
      expect(signingSecret({ REPORT_SIGNING_SECRET: 'x'.repeat(32) })).toBe('x'.repeat(32))
    })
  })
})
