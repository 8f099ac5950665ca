// How the pedestrian model's local inputs are chosen (docs/methodology.md §2.3): 5-fold cross-validation
// by block inside the training blocks only; the held-out blocks are read once, for the chosen model.
// FIT_PED_CANDIDATES=1 npm run fit:traffic screens every candidate input tried (issue 22 item 3): each is
// fitted (scale + its exponents, area terms fixed at the literature's) on four folds and predicts the fifth.
import { hash, spearman } from './common.mjs'
import { loadSrc } from '../lib/load-ts.mjs'
import { leastSquares } from './stats.mjs'

export const FOLDS = 5
/**
 * The training blocks dealt to FOLDS folds: in the order of an FNV-1a hash of the block (salted, so
 * not the held-out split's order), each to the fold with the fewest sites so far (24 blocks of 1–100
 * sites: a plain hash modulo 5 gave folds of 19 to 209 sites).
 */
function foldOf(train) {
  const sites = new Map()
  for (const d of train) sites.set(d.block, (sites.get(d.block) ?? 0) + 1)
  const load = new Array(FOLDS).fill(0)
  const fold = new Map()
  for (const b of [...sites.keys()].sort((p, q) => hash(`cv:${p}`) - hash(`cv:${q}`) || (p < q ? -1 : 1))) {
    const k = load.indexOf(Math.min(...load))
    fold.set(b, k)
    load[k] += sites.get(b)
  }
  return (d) => fold.get(d.block)
}

/** ln scale and one exponent per column: least squares of ln(pedestrians ÷ frontage) − the area terms. */
export const fitLocal = (set, columns) =>
  leastSquares(
    set.map((d) => [1, ...columns.map((c) => d[c])]),
    set.map((d) => d.y - d.offset),
    undefined,
    1e-3,
  )

/** Out-of-fold ρ over the training sites (pooled) and per fold, for a model with the local inputs `columns`. */
export function crossValidate(train, columns) {
  const fold = foldOf(train)
  const predicted = new Map()
  const perFold = []
  for (let k = 0; k < FOLDS; k++) {
    const test = train.filter((d) => fold(d) === k)
    const b = fitLocal(
      train.filter((d) => fold(d) !== k),
      columns,
    )
    for (const d of test) predicted.set(d, b[0] + d.offset + columns.reduce((s, c, i) => s + b[i + 1] * d[c], 0) + d.lnFrontage)
    perFold.push(
      spearman(
        test.map((d) => predicted.get(d)),
        test.map((d) => d.measured),
      ),
    )
  }
  const pooled = spearman(
    train.map((d) => predicted.get(d)),
    train.map((d) => d.measured),
  )
  return { pooled, perFold, text: `${pooled.toFixed(3)} (folds ${perFold.map((r) => r.toFixed(3)).join(', ')})` }
}

const ln = Math.log
const decayed = (stops, kernel, maxM) => ln((1 + stops.reduce((w, d) => w + (d <= maxM ? kernel(d) : 0), 0)) / 3)
/** Candidate columns from a site's stop distances (≤ 400 m) and its DA points (distance, own Can-ALE measures). */
const CANDIDATES = {
  'DA points within 250 m': (s) => ln(1 + s.das.filter((d) => d.m <= 250).length),
  'DA points within 400 m': (s) => ln(1 + s.das.filter((d) => d.m <= 400).length),
  "nearest DA's own POI count (÷ the interpolated)": (s) => ln((s.das[0].poi + 5) / (s.poi + 5)),
  "nearest DA's own intersections (÷ the interpolated)": (s) => ln(Math.max(s.das[0].ix, 1) / Math.max(s.ix, 1)),
  'stops within 100 m': (s) => ln(1 + s.stops.filter((d) => d <= 100).length),
  'stops within 400 m': (s) => ln(1 + s.stops.filter((d) => d <= 400).length),
  'distance to the nearest stop': (s) => ln(Math.max(Math.min(800, ...s.stops), 25)),
}
const KERNELS = {
  ...Object.fromEntries([50, 75, 100, 150, 200].map((L) => [`Σ e^(−d/${L} m) within 400 m`, (d) => Math.exp(-d / L)])),
  ...Object.fromEntries([100, 150, 200].map((L) => [`Σ e^(−(d/${L} m)²) within 400 m`, (d) => Math.exp(-((d / L) ** 2))])),
}

/**
 * Prints every candidate's CV ρ and in how many folds it beats its baseline: the 3.1 model (stops within
 * 200 m, `within200`), or for an input added to the adopted model (`near`, Σ e^(−d/100 m) within 300 m) that model.
 */
export async function screenCandidates(train) {
  const m = await loadSrc({
    'geo/geodata/measured/census.ts': ['censusTable'],
    'geo/geodata/measured/index.ts': ['transitStopPointsNear'],
    'geo/geodata/geodesy.ts': ['distanceM'],
  })
  const t = m.censusTable()
  for (const d of train) {
    const r = d.site
    const das = []
    for (let i = 0; i < t.qLat.length; i++) {
      if (Math.abs(t.qLat[i] / 1e4 - r.lat) > 0.01 || Math.abs(t.qLng[i] / 1e4 - r.lng) > 0.015) continue
      const metres = m.distanceM(r.lat, r.lng, t.qLat[i] / 1e4, t.qLng[i] / 1e4)
      das.push({ m: metres, poi: t.poiCount[i], ix: t.intersections[i] / Math.PI })
    }
    das.sort((a, b) => a.m - b.m)
    const s = {
      das,
      stops: m.transitStopPointsNear(r.lat, r.lng, 400).map((p) => p.distanceM),
      poi: r.coordinates.features.poiDensity.value,
      ix: r.coordinates.inputs.intersectionDensity,
    }
    for (const [name, f] of Object.entries(CANDIDATES)) d[name] = f(s)
    for (const [name, k] of Object.entries(KERNELS)) d[name] = decayed(s.stops, k, 400)
    d['frontage exponent fitted'] = d.lnFrontage
  }
  const sets = [
    ...Object.keys(CANDIDATES).map((c) => ['within200', c]),
    ['within200', 'frontage exponent fitted'],
    ...Object.keys(KERNELS).map((k) => [k]),
    ['near'],
    ...['DA points within 400 m', "nearest DA's own POI count (÷ the interpolated)", 'frontage exponent fitted'].map((c) => ['near', c]),
  ]
  const within200 = crossValidate(train, ['within200'])
  const near = crossValidate(train, ['near'])
  console.log(`pedestrian candidates (${sets.length}), out-of-fold ρ; 3.1's stops within 200 m: ${within200.text}`)
  for (const cols of sets) {
    const cv = crossValidate(train, cols)
    // An added input is compared with the model it is added to (the adopted one: `near`).
    const base = cols[0] === 'near' && cols.length > 1 ? near : within200
    const better = cv.perFold.filter((r, k) => r > base.perFold[k]).length
    console.log(`  ${cols.join(' + ').padEnd(72)} ${cv.text}  higher in ${better}/${FOLDS} folds`)
  }
}
