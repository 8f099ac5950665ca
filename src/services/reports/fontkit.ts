// fontkit 2 for pdf-lib (docs/decisions.md §8, "Report fonts"). pdf-lib 1.17 was written against a 1.x fork
// (@pdf-lib/fontkit) whose TrueType subsets drop most Noto Sans glyphs (a short `loca` bug fixed upstream
// in fontkit 1.8) and which weighs 330 KiB gzip in the bundle. fontkit 2 has the fix and, without its
// WOFF2 decoder (wrangler.toml [alias] swaps brotli for no-woff2.ts: we only embed TrueType), costs ~90 KiB.
// The one API difference pdf-lib meets: a subset is `encode()`d to bytes instead of `encodeStream()`ed.
import * as fontkit from 'fontkit'
import type { PDFDocument } from 'pdf-lib'

interface Subset {
  encode(): Uint8Array
  encodeStream?: () => unknown
}
type Handler = (value?: unknown) => void

/** The subset's bytes as the one-shot event stream pdf-lib reads (`on('data' | 'end' | 'error')`). */
function encodeStream(subset: Subset) {
  const handlers: Record<string, Handler> = {}
  const stream = {
    on(event: string, handler: Handler) {
      handlers[event] = handler
      return stream
    },
  }
  queueMicrotask(() => {
    try {
      handlers.data?.(subset.encode())
      handlers.end?.()
    } catch (error) {
      handlers.error?.(error)
    }
  })
  return stream
}

/**
 * Parsed fonts by their bytes: the font files are read once per isolate (fonts.ts), so each report reuses
 * the parsed tables instead of parsing 1.2 MB of TrueType again; every document still gets its own subset.
 */
const parsed = new WeakMap<Uint8Array, unknown>()

export const pdfLibFontkit = {
  create(data: Uint8Array) {
    const known = parsed.get(data)
    if (known) return known
    const font = fontkit.create(data) as { createSubset(): Subset }
    const createSubset = font.createSubset.bind(font)
    font.createSubset = () => {
      const subset = createSubset()
      subset.encodeStream = () => encodeStream(subset)
      return subset
    }
    parsed.set(data, font)
    return font
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0]
