// The site finder's heat map as one self-contained SVG (no scripts, fonts or external references):
// each grid point is a cell coloured by its grade, the centre is a crosshair, the best points are
// numbered discs, with a grade legend, a scale bar and a north arrow. Text goes through escapeHtml.
import { GRADES, GRADE_THRESHOLDS } from '../scoring'
import type { NearbyResult } from '../services/nearby'
import { escapeHtml, GRADE_COLOURS } from './share-page'

const WIDTH = 980
const HEIGHT = 830
const MAP = { x: 20, y: 64, size: 716 }
const LEGEND_X = MAP.x + MAP.size + 24
const SCALE_STEPS_M = [10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000]

const fmt = (x: number, digits = 1) => x.toFixed(digits).replace(/\.0+$/, '')
const thousands = (n: number) => n.toLocaleString('en-CA')

function gradeRange(index: number): string {
  const [min, grade] = GRADE_THRESHOLDS[index] ?? [undefined, 'F']
  if (min === undefined) return `${grade}  < ${GRADE_THRESHOLDS[GRADE_THRESHOLDS.length - 1][0]}`
  const upper = index === 0 ? 100 : GRADE_THRESHOLDS[index - 1][0]
  return `${grade}  ${min}–${upper === 100 ? 100 : upper - 0.1}`
}

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16))
const SHADES = 4

/**
 * The grade's colour, shaded a quarter-step at a time toward the next grade's colour as the score
 * rises through its band: cells of one grade still read as that grade, and differences inside a
 * band stay visible.
 */
function cellColour(score: number): string {
  const index = GRADE_THRESHOLDS.findIndex(([min]) => score >= min)
  const band = index === -1 ? GRADES.length - 1 : index
  const low = band === GRADES.length - 1 ? 0 : GRADE_THRESHOLDS[band][0]
  const high = band === 0 ? 100 : GRADE_THRESHOLDS[band - 1][0]
  const t = Math.min(SHADES - 1, Math.floor(((score - low) / (high - low)) * SHADES)) / SHADES
  const from = hex(GRADE_COLOURS[GRADES[band]])
  const to = hex(GRADE_COLOURS[GRADES[Math.max(0, band - 1)]])
  return `#${from
    .map((c, i) =>
      Math.round(c + (to[i] - c) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

export function nearbySvg(result: NearbyResult): string {
  const { radiusM, spacingM, points, best, centre } = result
  const extent = 2 * radiusM + spacingM
  const k = MAP.size / extent
  const cx = MAP.x + MAP.size / 2
  const cy = MAP.y + MAP.size / 2
  const px = (east: number) => cx + east * k
  const py = (north: number) => cy - north * k
  const cell = spacingM * k

  const byFill = new Map<string, string[]>()
  for (const p of points) {
    const fill = cellColour(p.overallScore)
    const rects = byFill.get(fill) ?? []
    rects.push(
      `<rect x="${fmt(px(p.east) - cell / 2, 2)}" y="${fmt(py(p.north) - cell / 2, 2)}" width="${fmt(cell, 2)}" ` +
        `height="${fmt(cell, 2)}"/>`,
    )
    byFill.set(fill, rects)
  }
  const cells = [...byFill].map(([fill, rects]) => `<g fill="${fill}">${rects.join('')}</g>`).join('\n')

  const scaleM = [...SCALE_STEPS_M].reverse().find((m) => m <= extent / 4) ?? SCALE_STEPS_M[0]
  const scaleX = MAP.x + 16
  const scaleY = MAP.y + MAP.size - 18
  const scaleBar = `<g stroke="#1f2328" stroke-width="2" fill="none"><path d="M${scaleX} ${scaleY - 6}v6h${fmt(scaleM * k, 2)}v-6"/></g>
<text x="${scaleX}" y="${scaleY - 10}" class="small">${thousands(scaleM)} m</text>`
  const north =
    `<g transform="translate(${MAP.x + MAP.size - 26} ${MAP.y + 30})"><path d="M0 -18L7 4L0 -1L-7 ` +
    `4Z" fill="#1f2328"/><text y="18" text-anchor="middle" class="small b">N</text></g>`

  // Four arms outside a best-point disc, so the centre stays visible when it is also a best point.
  const arms = (r0: number, r1: number) =>
    `M${cx - r1} ${cy}H${cx - r0}M${cx + r0} ${cy}H${cx + r1}M${cx} ${cy - r1}V${cy - r0}M${cx} ` + `${cy + r0}V${cy + r1}`
  const centreDot = `<circle cx="${cx}" cy="${cy}" r="4" fill="#1f2328" stroke="#fff" stroke-width="1.5"/>`
  const centreArms =
    `<path d="${arms(13, 26)}" stroke="#fff" stroke-width="6"/>` + `<path d="${arms(14, 25)}" stroke="#1f2328" stroke-width="3"/>`
  // Best points are at least 2 spacings apart: discs of one spacing's radius never overlap.
  const disc = Math.min(12, Math.max(7, spacingM * k))
  const bestMarks = best
    .map(
      (b) =>
        `<g transform="translate(${fmt(px(b.east), 2)} ${fmt(py(b.north), 2)})"><circle r="${fmt(disc, 1)}" ` +
        `fill="#fff" stroke="#1f2328" stroke-width="2"/><text y="${fmt(disc * 0.36, 1)}" text-anchor="middle" ` +
        `class="b" style="font-size:${fmt(Math.max(9, disc * 1.05), 1)}px">${b.rank}</text></g>`,
    )
    .join('')

  const legendRows = GRADES.map(
    (g, i) =>
      `<rect x="${LEGEND_X}" y="${98 + i * 26}" width="20" height="18" fill="${GRADE_COLOURS[g]}"/><text ` +
      `x="${LEGEND_X + 30}" y="${112 + i * 26}">${escapeHtml(gradeRange(i))}</text>`,
  ).join('')
  const symbolsY = 98 + GRADES.length * 26 + 36
  const bestList = best
    .map(
      (b, i) =>
        `<text x="${LEGEND_X}" y="${symbolsY + 92 + i * 20}" class="small">${b.rank}. ${fmt(b.result.overallScore)} ` +
        `(${escapeHtml(b.result.grade)}) · ${thousands(b.distanceM)} m at ${b.bearingDeg}°</text>`,
    )
    .join('')
  const bestSummary = best[0] ? ` · best ${fmt(best[0].result.overallScore)} (${escapeHtml(best[0].result.grade)})` : ''
  const summary =
    `${thousands(points.length)} points ${thousands(spacingM)} m apart · ` +
    `centre ${fmt(centre.overallScore)} (${escapeHtml(centre.grade)})${bestSummary}`
  const footer =
    `Sign Placement Scoring API · methodology ${escapeHtml(centre.methodologyVersion)} · ` +
    'distances from the centre, bearings clockwise from north'

  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"
  role="img" aria-labelledby="title">
<title id="title">Sign placement heat map: ${escapeHtml(centre.address)}</title>
<style>text{font:13px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;fill:#1f2328}.small{font-size:11.5px}
.b{font-weight:700}.h{font-size:18px;font-weight:700}.muted{fill:#57606a}</style>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>
<text x="${MAP.x}" y="28" class="h">Best sign spots within ${thousands(radiusM)} m of ${escapeHtml(centre.address)}</text>
<text x="${MAP.x}" y="50" class="muted">${summary}</text>
<clipPath id="map"><rect x="${MAP.x}" y="${MAP.y}" width="${MAP.size}" height="${MAP.size}"/></clipPath>
<rect x="${MAP.x}" y="${MAP.y}" width="${MAP.size}" height="${MAP.size}" fill="#f6f8fa" stroke="#d0d7de"/>
<g clip-path="url(#map)" shape-rendering="crispEdges">
${cells}
</g>
<circle cx="${cx}" cy="${cy}" r="${fmt(radiusM * k, 2)}" fill="none" stroke="#1f2328" stroke-opacity="0.5" stroke-dasharray="6 4"/>
${centreDot}
${bestMarks}
${centreArms}
${scaleBar}
${north}
<text x="${LEGEND_X}" y="84" class="b">Grade (overall score)</text>
<text x="${LEGEND_X}" y="${98 + GRADES.length * 26 + 4}" class="small muted">tint leans to the next grade up</text>
${legendRows}
<g transform="translate(${LEGEND_X + 10} ${symbolsY + 8})"><path d="M-11 0h7M4 0h7M0 -11v7M0 4v7" stroke="#1f2328" stroke-width="2.5"/>
<circle r="3" fill="#1f2328"/></g><text x="${LEGEND_X + 30}" y="${symbolsY + 12}">Centre</text>
<g transform="translate(${LEGEND_X + 10} ${symbolsY + 40})"><circle r="10" fill="#fff" stroke="#1f2328" stroke-width="2.5"/>
<text y="4.5" text-anchor="middle" class="b">1</text></g><text x="${LEGEND_X + 30}" y="${symbolsY + 44}">Best points, ranked</text>
<text x="${LEGEND_X}" y="${symbolsY + 72}" class="b">Best points</text>
${bestList}
<text x="${MAP.x}" y="${HEIGHT - 30}" class="small muted">${footer}</text>
<text x="${MAP.x}" y="${HEIGHT - 12}" class="small muted">Data: ${escapeHtml(centre.dataVersion.slice(0, 140))}</text>
</svg>
`
}
