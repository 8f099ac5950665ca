/**
 * API key format: `sk_<mode>_<32 base62 chars><6 base62 checksum chars>`.
 * The checksum (CRC-32 of the random part, in base62) lets us reject typos and made-up keys
 * before any storage lookup. Only SHA-256(key) is ever stored.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const RANDOM_LENGTH = 32
const CHECKSUM_LENGTH = 6
const KEY_PATTERN = /^sk_(live|test)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/

export type KeyMode = 'live' | 'test'

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(text: string): number {
  let crc = 0xffffffff
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function toBase62(value: number, width: number): string {
  let out = ''
  for (let i = 0; i < width; i++) {
    out = BASE62[value % 62] + out
    value = Math.floor(value / 62)
  }
  return out
}

function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniformly likely (256 is not a multiple of 62).
  const out: string[] = []
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out.push(BASE62[byte % 62])
    }
  }
  return out.join('')
}

export function generateApiKey(mode: KeyMode): string {
  const random = randomBase62(RANDOM_LENGTH)
  return `sk_${mode}_${random}${toBase62(crc32(random), CHECKSUM_LENGTH)}`
}

/** True when the key has the right shape and its checksum matches. */
export function isWellFormedApiKey(key: string): boolean {
  const match = KEY_PATTERN.exec(key)
  if (!match) return false
  return toBase62(crc32(match[2]), CHECKSUM_LENGTH) === match[3]
}

export const keyDisplayPrefix = (key: string): string => key.slice(0, 12)
