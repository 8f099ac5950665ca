// Spatial blocks and folds for the pedestrian model's validation (docs/methodology.md §2.3): sites are
// grouped in blocks of 0.02° × 0.03° (about 2.2 km × 2.2–2.4 km in Vancouver and Toronto, so no fold has a
// count next door), and the blocks dealt to FOLDS folds in the order of an FNV-1a hash of the block, each
// to the fold with the fewest sites so far (a plain hash modulo 5 gives very unequal folds).
import { hash, spearman } from './common.mjs'

export const FOLDS = 5
export const blockOf = (r) => `${Math.floor(r.lat / 0.02)}:${Math.floor(r.lng / 0.03)}`

/** fold(d) ∈ 0…FOLDS−1 for every site of `set` (by its block). */
export function foldOf(set) {
  const sites = new Map()
  for (const d of set) sites.set(d.block, (sites.get(d.block) ?? 0) + 1)
  const load = new Array(FOLDS).fill(0)
  const fold = new Map()
  for (const b of [...sites.keys()].sort((p, q) => hash(`cv:${p}`) - hash(`cv:${q}`) || (p < q ? -1 : 1))) {
    const k = load.indexOf(Math.min(...load))
    fold.set(b, k)
    load[k] += sites.get(b)
  }
  return (d) => fold.get(d.block)
}

/**
 * Out-of-fold ρ over `test`'s blocks: for each fold, `fitOn(train)` on `always` (the other city) + the other
 * folds of `test`, predicting the fold's sites. Returns the pooled ρ and the per-fold ρ.
 * @param {any[]} test @param {any[]} always @param {(train: any[]) => (d: any) => number} fitOn
 */
export function blockCrossValidate(test, always, fitOn) {
  const fold = foldOf(test)
  const predicted = new Map()
  const perFold = []
  for (let k = 0; k < FOLDS; k++) {
    const held = test.filter((d) => fold(d) === k)
    const predict = fitOn([...always, ...test.filter((d) => fold(d) !== k)])
    for (const d of held) predicted.set(d, predict(d))
    perFold.push(rho(held, (d) => predicted.get(d)))
  }
  const pooled = rho(test, (d) => predicted.get(d))
  return { pooled, perFold, text: `${pooled.toFixed(3)} (folds ${perFold.map((r) => r.toFixed(2)).join(', ')})` }
}

export const rho = (set, predict) =>
  spearman(
    set.map(predict),
    set.map((d) => d.measured),
  )
