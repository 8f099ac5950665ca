// A KV namespace in memory for Node tests of code that only gets and puts (the geocoder's cache): the
// calls that code makes, with KV's own key limit (512 bytes: a longer key is refused, as the binding refuses
// it) and `get(key, 'json')` parsing what was put. Expiry is recorded, not enforced.
const MAX_KEY_BYTES = 512

export function memoryKv() {
  const values = new Map<string, { value: string; expirationTtl?: number }>()
  const checkKey = (key: string) => {
    if (new TextEncoder().encode(key).length > MAX_KEY_BYTES) throw new Error(`KV key longer than ${MAX_KEY_BYTES} bytes`)
  }
  const kv = {
    async get(key: string, type?: 'text' | 'json') {
      checkKey(key)
      const hit = values.get(key)
      if (!hit) return null
      return type === 'json' ? JSON.parse(hit.value) : hit.value
    },
    async put(key: string, value: string, options: { expirationTtl?: number } = {}) {
      checkKey(key)
      values.set(key, { value, expirationTtl: options.expirationTtl })
    },
  }
  return { kv: kv as unknown as KVNamespace, values }
}
