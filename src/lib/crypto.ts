// Hashing and encoding helpers on Web Crypto, shared by keys, share links, admin auth, ETags and report signatures.
import { ApiError } from '../errors'

const encoder = new TextEncoder()

export async function sha256Bytes(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
}

const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'))
/** Lower-case hex; a table lookup per byte (every authenticated request hashes its key). */
export function toHex(bytes: Uint8Array): string {
  let hex = ''
  for (let i = 0; i < bytes.length; i++) hex += HEX_BYTES[bytes[i]]
  return hex
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await sha256Bytes(text))
}

/** RFC 4648 §5 base64url without padding. */
export function base64UrlEncode(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  return btoa(String.fromCharCode(...view))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** Inverse of base64UrlEncode; null for anything outside the base64url alphabet. */
export function base64UrlDecode(value: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return null
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4)
  return Uint8Array.from(atob(padded), (ch) => ch.charCodeAt(0))
}

/** `length` random bytes as base64url: an unguessable token. */
export const randomToken = (length: number): string => base64UrlEncode(crypto.getRandomValues(new Uint8Array(length)))

/**
 * A Worker secret a feature cannot run without, or the server's configuration error: a 500 (not the caller's fault)
 * that names the setting, thrown before any work is done.
 */
export function requiredSecret(value: string | undefined, setting: string, feature: string, minLength: number): string {
  if (!value || value.length < minLength)
    throw new ApiError('INTERNAL', `${feature} are not configured on this server (${setting} is missing); contact support`)
  return value
}
