// The report fonts (docs/decisions.md §8, "Report fonts"): Noto Sans Regular and Bold (SIL OFL 1.1),
// copied into public/fonts/ on install (scripts/vendor-fonts.mjs) and served to the worker as static
// assets, so 1.2 MB of TrueType stays outside the script-size limit. Read once per isolate.
import { ApiError } from '../../errors'

export interface ReportFontFiles {
  regular: Uint8Array
  bold: Uint8Array
}

export const REPORT_FONT_PATHS: Readonly<Record<keyof ReportFontFiles, string>> = {
  regular: '/fonts/NotoSans-Regular.ttf',
  bold: '/fonts/NotoSans-Bold.ttf',
}

let cached: Promise<ReportFontFiles> | undefined

const missing = () =>
  new ApiError('INTERNAL', 'PDF reports are not configured on this server (the report fonts are missing); contact support')

async function fetchFont(assets: Fetcher, path: string): Promise<Uint8Array> {
  const res = await assets.fetch(new Request(`https://assets.local${path}`))
  if (!res.ok) throw missing()
  return new Uint8Array(await res.arrayBuffer())
}

/** The font files from the ASSETS binding; cached for the isolate's life (a failed read is retried next time). */
export function reportFonts(env: { ASSETS?: Fetcher }): Promise<ReportFontFiles> {
  const assets = env.ASSETS
  if (!assets) return Promise.reject(missing())
  cached ??= Promise.all([fetchFont(assets, REPORT_FONT_PATHS.regular), fetchFont(assets, REPORT_FONT_PATHS.bold)])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((error) => {
      cached = undefined
      throw error
    })
  return cached
}
