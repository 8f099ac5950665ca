// Secrets the server must read back (webhook signing secrets) are sealed at rest: AES-256-GCM under a key derived
// (HKDF-SHA-256) from a Worker secret, with the owning row's id as additional data. A copy of the database alone
// then signs nothing, and a sealed value moved to another row does not open. Values stored before sealing existed
// (no prefix) are read as they are; the next write seals them.
import { base64UrlDecode, base64UrlEncode } from './crypto'

const PREFIX = 'sealed:v1:'
const IV_BYTES = 12
/** A key shorter than this is refused: 32 characters of a random token carry well over 128 bits. */
export const MIN_SEALING_KEY_LENGTH = 32
const encoder = new TextEncoder()
const decoder = new TextDecoder()
const derived = new Map<string, Promise<CryptoKey>>()

function aesKey(keyText: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}\u0000${keyText}`
  let key = derived.get(id)
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(keyText), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(purpose) },
          base,
          { name: 'AES-GCM', length: 256 },
          false,
          ['encrypt', 'decrypt'],
        ),
      )
    derived.set(id, key)
  }
  return key
}

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX)

/** `plain` sealed for the row `rowId` under `purpose` (e.g. "webhook-secret"). */
export async function sealSecret(plain: string, keyText: string, purpose: string, rowId: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(rowId) },
    await aesKey(keyText, purpose),
    encoder.encode(plain),
  )
  return `${PREFIX}${base64UrlEncode(iv)}.${base64UrlEncode(sealed)}`
}

/** The plain secret of a stored value: sealed ones opened with the key, older unsealed ones as they are. */
export async function openSecret(stored: string, keyText: string | undefined, purpose: string, rowId: string): Promise<string> {
  if (!isSealed(stored)) return stored
  if (!keyText) throw new Error('a sealed secret needs its sealing key, which is not configured')
  const [ivText, bodyText] = stored.slice(PREFIX.length).split('.')
  const iv = base64UrlDecode(ivText ?? '')
  const body = base64UrlDecode(bodyText ?? '')
  if (!iv || iv.length !== IV_BYTES || !body) throw new Error('a sealed secret is malformed')
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(rowId) },
      await aesKey(keyText, purpose),
      body,
    )
    return decoder.decode(plain)
  } catch {
    throw new Error('a sealed secret does not open with the configured key (rotated, or moved from another row)')
  }
}
