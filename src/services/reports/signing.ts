// Signed report URLs (docs/decisions.md §8): HMAC-SHA256 over "<reportId>.<expiresUnix>" with REPORT_SIGNING_SECRET.
// The URL carries only the report id, the expiry and the signature: no user id, no key.
import { base64UrlDecode, base64UrlEncode, requiredSecret } from '../../lib/crypto'

export const REPORT_FILES_PATH = '/api/v1/reports/files'
/** Default lifetime of a signed URL: 7 days. */
export const REPORT_URL_TTL_SECONDS = 7 * 24 * 3600
const MIN_SECRET_LENGTH = 16

const encoder = new TextEncoder()
/** An HMAC-SHA256 signature in base64url is 43 characters. */
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * The signing secret, or a clear error. Without it no URL can be signed or checked, so report
 * creation fails before any work is done (INTERNAL: it is a server misconfiguration, not the caller's fault).
 */
export function signingSecret(env: { REPORT_SIGNING_SECRET?: string }): string {
  return requiredSecret(env.REPORT_SIGNING_SECRET, 'REPORT_SIGNING_SECRET', 'PDF reports', MIN_SECRET_LENGTH)
}

const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
const message = (reportId: string, expires: number) => encoder.encode(`${reportId}.${expires}`)

export async function signReport(secret: string, reportId: string, expires: number): Promise<string> {
  return base64UrlEncode(await crypto.subtle.sign('HMAC', await hmacKey(secret), message(reportId, expires)))
}

/** Constant-time check (crypto.subtle.verify). */
export async function verifyReportSignature(secret: string, reportId: string, expires: number, signature: string): Promise<boolean> {
  const bytes = SIGNATURE_PATTERN.test(signature) ? base64UrlDecode(signature) : null
  if (!bytes) return false
  return crypto.subtle.verify('HMAC', await hmacKey(secret), bytes, message(reportId, expires))
}

/** Absolute signed download URL on the worker that served the request. */
export async function signedReportUrl(origin: string, secret: string, reportId: string, expires: number): Promise<string> {
  const sig = await signReport(secret, reportId, expires)
  return `${origin}${REPORT_FILES_PATH}/${reportId}.pdf?expires=${expires}&sig=${sig}`
}

export type SignatureCheck = 'ok' | 'invalid' | 'expired'

/**
 * Checks a download request. The signature is checked before the expiry so a forged URL with a past
 * expiry is "invalid" (403), and only a genuine URL that ran out is "expired" (410).
 */
export async function checkReportUrl(
  secret: string,
  reportId: string,
  expiresParam: string | undefined,
  sig: string | undefined,
  nowSeconds: number,
): Promise<SignatureCheck> {
  if (!expiresParam || !sig || !/^\d{1,12}$/.test(expiresParam)) return 'invalid'
  const expires = Number(expiresParam)
  if (!(await verifyReportSignature(secret, reportId, expires, sig))) return 'invalid'
  return expires <= nowSeconds ? 'expired' : 'ok'
}
