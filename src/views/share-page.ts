// The public share page: plain HTML from a template string. Everything user-provided goes through
// escapeHtml; numbers are formatted here. No scripts, no external requests (see SHARE_PAGE_CSP).
import type { SharedLocation, SharedProjectView } from '../services/share-view'
import { FACTOR_KEYS, hourlyChart, percentileWords, type Hourly } from '../scoring'
import { clamp } from '../lib/math'
import { METRES_PER_DEGREE_LAT } from '../geo/geodata'

export const SHARE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action " + "'none'; frame-ancestors 'none'"

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (ch) => ESCAPES[ch])

export const GRADE_COLOURS: Record<string, string> = {
  'A+': '#1a7f37',
  A: '#2da44e',
  'B+': '#6fa82a',
  B: '#9a9d18',
  'C+': '#bf8700',
  C: '#d4740b',
  D: '#cf4a16',
  F: '#b42318',
}
const gradeColour = (grade: string) => GRADE_COLOURS[grade] ?? '#57606a'

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;margin:0;background:#f6f8fa}
main{max-width:1040px;margin:0 auto;padding:24px}
h1{margin:0 0 4px;font-size:26px}.muted{color:#57606a}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:16px;margin:16px 0}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:8px;border-bottom:1px solid #eaeef2;vertical-align:top}
th{font-size:13px;color:#57606a;font-weight:600}.num{font-variant-numeric:tabular-nums;font-weight:600}
.grade{display:inline-block;min-width:28px;text-align:center;color:#fff;border-radius:4px;padding:1px 6px;font-weight:700}
.bars{display:grid;grid-template-columns:190px 1fr 30px;gap:2px 8px;font-size:12px;align-items:center;min-width:380px}
.bars .muted{font-size:11px}
.bar{background:#eaeef2;border-radius:3px;height:8px}.bar>span{display:block;height:8px;border-radius:3px;background:#0969da}
div.hourly{max-width:420px;margin-top:10px}
footer{font-size:12px;color:#57606a}.idx{font-weight:700;color:#57606a}.rank{font-size:12px;font-weight:400;max-width:160px}
</style></head><body><main>${body}</main></body></html>`
}

function factorBars(location: SharedLocation) {
  return `<div class="bars">${FACTOR_KEYS.map((key) => {
    const f = location.factors[key]
    const score = clamp(f.score, 0, 100)
    return (
      `<span>${escapeHtml(f.label)} <span class="muted">(${Math.round(f.weight * 100)}%)</span></span>` +
      `<div class="bar" role="img" aria-label="${escapeHtml(f.label)} ${score.toFixed(0)} of 100">` +
      `<span style="width:${score.toFixed(1)}%"></span></div><span class="num">${score.toFixed(0)}</span>`
    )
  }).join('')}</div>`
}

/** A small equirectangular plot (longitude scaled by cos(latitude)) of the numbered points. */
export function pointsSvg(locations: { lat: number; lng: number; grade: string }[], width = 960, height = 320) {
  if (!locations.length) return ''
  const pad = 28
  const meanLat = locations.reduce((s, l) => s + l.lat, 0) / locations.length
  const kx = Math.cos((meanLat * Math.PI) / 180)
  const xs = locations.map((l) => l.lng * kx)
  const ys = locations.map((l) => l.lat)
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  // At least ~1 km shown, so a single point or a tight cluster is not blown up to the whole box.
  const scale = Math.min((width - 2 * pad) / Math.max(maxX - minX, 0.01), (height - 2 * pad) / Math.max(maxY - minY, 0.01))
  const cx = (minX + maxX) / 2
  const cy = (minY + maxY) / 2
  // Drawn last-to-first so that, where points overlap, the lower number stays on top.
  const points = locations.map((l, i) => {
    const x = width / 2 + (xs[i] - cx) * scale
    const y = height / 2 - (ys[i] - cy) * scale
    return (
      `<g><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="9" fill="${gradeColour(l.grade)}" ` +
      `stroke="#fff" stroke-width="2"/><text x="${x.toFixed(1)}" y="${(y + 4).toFixed(1)}" font-size="11" ` +
      `font-weight="700" text-anchor="middle" fill="#fff">${i + 1}</text></g>`
    )
  })
  const km = (width / scale) * (METRES_PER_DEGREE_LAT / 1000)
  const kmAcross = km.toFixed(km < 10 ? 1 : 0)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 ${width} ${height}" role="img" ` +
    `aria-label="Map of the locations"><rect width="${width}" height="${height}" rx="6" fill="#eef3f8"/><text ` +
    `x="10" y="${height - 10}" font-size="12" fill="#57606a">North up · about ${kmAcross} km across ` +
    `· colour = grade</text>${points.reverse().join('')}</svg>`
  )
}

/** Series colours, as on the PDF report: vehicles blue, pedestrians amber. */
export const HOURLY_COLOURS = { vehicles: '#134d99', pedestrians: '#ed9921' } as const

const WIDTH = 380
const HEIGHT = 140
const PLOT = { x: 34, top: 26, width: WIDTH - 34 - 6, height: 78 }
const BASE = PLOT.top + PLOT.height
const f1 = (x: number) => x.toFixed(1)

/**
 * The weekday hourly profile (`audience.hourly`) as one inline SVG: 24 bars per series, hours 0/6/12/18/24,
 * a legend; no scripts, fonts or external references. The plotted values come from scoring's hourlyChart, the
 * function the PDF report draws from too; the accessible name (aria-label and <title>) says the peak hours.
 */
export function hourlySvg(hourly: Pick<Hourly, 'vehicles' | 'pedestrians'> & Partial<Pick<Hourly, 'weekendFactor'>>): string {
  const chart = hourlyChart(hourly)
  const name = escapeHtml(`${chart.title}. ${chart.peakWords}${chart.weekendWords ? ` ${chart.weekendWords}` : ''}`)
  const slot = PLOT.width / 24
  const bar = slot * 0.38
  // One group per series with its 24 bars (a zero hour is a bar of height 0), each bar titled for hover.
  const series = chart.series
    .map((s, i) => {
      const bars = s.heights.map((height, h) => {
        const ht = height * PLOT.height
        return (
          `<rect x="${f1(PLOT.x + h * slot + slot * 0.1 + i * bar)}" y="${f1(BASE - ht)}" width="${f1(bar)}" height="${f1(ht)}">` +
          `<title>${escapeHtml(`${s.label} ${String(h).padStart(2, '0')} h: ${s.percent[h].toFixed(1)} % of the day`)}</title></rect>`
        )
      })
      return `<g class="hourly-${s.key}" fill="${HOURLY_COLOURS[s.key]}">${bars.join('')}</g>`
    })
    .join('')
  const ticks = chart.hourTicks
    .map((hour, i) => {
      const x = PLOT.x + hour * slot
      const anchor = i === 0 ? 'start' : i === chart.hourTicks.length - 1 ? 'end' : 'middle'
      return (
        `<line x1="${f1(x)}" y1="${BASE}" x2="${f1(x)}" y2="${BASE + 3}" stroke="#6e7781"/>` +
        `<text x="${f1(x)}" y="${BASE + 14}" text-anchor="${anchor}">${escapeHtml(chart.hourLabels[i])}</text>`
      )
    })
    .join('')
  let legendX = WIDTH - 6
  const legend = [...chart.series]
    .reverse()
    .map((s) => {
      const label = `${s.label} (${s.daily.toLocaleString('en-CA')}/day)`
      // No font metrics in a template: ≈ 5.4 px a character at 10 px.
      legendX -= Math.ceil(label.length * 5.4)
      const text = `<text x="${legendX}" y="10">${escapeHtml(label)}</text>`
      legendX -= 12
      const swatch = `<rect x="${legendX}" y="2" width="9" height="9" fill="${HOURLY_COLOURS[s.key]}"/>`
      legendX -= 10
      return swatch + text
    })
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="hourly" width="100%" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `font-family="system-ui,sans-serif" role="img" ` +
    `aria-label="${name}"><title>${name}</title>` +
    `<g font-size="10" fill="#57606a">${legend}` +
    `<text x="0" y="${PLOT.top + 4}">${chart.axisMaxPercent} %</text><text x="0" y="${BASE}">0 %</text>${ticks}</g>` +
    `<line x1="${PLOT.x}" y1="${PLOT.top}" x2="${PLOT.x + PLOT.width}" y2="${PLOT.top}" stroke="#d8dee4"/>` +
    `<line x1="${PLOT.x}" y1="${BASE}" x2="${PLOT.x + PLOT.width}" y2="${BASE}" stroke="#6e7781"/>${series}` +
    `<text x="0" y="${HEIGHT - 4}" font-size="10" fill="#57606a">${escapeHtml(chart.title)}</text></svg>`
  )
}

/** "Better than 92 % of Calgary street frontage", under the score; nothing for a result saved before percentiles. */
const rank = (l: SharedLocation) => {
  const words = percentileWords(l.percentiles)
  return words ? `<div class="muted rank">${escapeHtml(words)}</div>` : ''
}

const coords = (l: { lat: number; lng: number }) => `${l.lat.toFixed(5)}, ${l.lng.toFixed(5)}`

export function renderSharePage(view: SharedProjectView) {
  const rows = view.locations
    .map(
      (l, i) =>
        `<tr><td class="idx">${i + 1}</td><td>${escapeHtml(l.address)}` +
        (l.address === coords(l) ? '' : `<div class="muted">${coords(l)}</div>`) +
        `</td><td class="num">${l.score.toFixed(1)}${rank(l)}</td>` +
        `<td><span class="grade" style="background:${gradeColour(l.grade)}">${escapeHtml(l.grade)}</span></td>` +
        `<td>${factorBars(l)}${l.hourly ? `<div class="hourly">${hourlySvg(l.hourly)}</div>` : ''}</td></tr>`,
    )
    .join('')
  const sources = Object.values(view.dataSources)
    .map((s) => `${escapeHtml(s.name)} (${escapeHtml(s.licence)}, ${escapeHtml(s.vintage)})`)
    .join('; ')
  const subtitle =
    `Sign placement scores · ${view.locations.length} location${view.locations.length === 1 ? '' : 's'} · ` +
    `shared read-only until ${escapeHtml(view.expiresAt.slice(0, 10))}`
  const body = `<h1>${escapeHtml(view.project.name)}</h1>
${view.project.description ? `<p>${escapeHtml(view.project.description)}</p>` : ''}
<p class="muted">${subtitle}</p>
${
  view.locations.length
    ? `<div class="card">${pointsSvg(view.locations)}</div>
<div class="card"><table><thead><tr><th>#</th><th>Location</th><th>Score</th><th>Grade</th>
<th>Factors (0–100, weight); weekday audience by hour</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
    : '<div class="card">This project has no locations yet.</div>'
}
<footer><p>Scores 0–100; grades A+ ≥ 90, A ≥ 80, B+ ≥ 75, B ≥ 70, C+ ≥ 65, C ≥ 60, D ≥ 50, F below.</p>
${sources ? `<p>Data: ${sources}.</p>` : ''}</footer>`
  return layout(`${view.project.name} · shared sign placement scores`, body)
}

export function renderMessagePage(title: string, message: string) {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`)
}
