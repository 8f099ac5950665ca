// The one fitted part of the day-part model: the land-use mix of a street's locally generated trips,
// suburban and downtown (src/scoring/hourly.ts LOCAL_MIX), chosen on the 70 % of 1 km blocks that
// scripts/validation/hourly.mjs does not hold out, by the Spearman ρ of predicted against counted
// vehicle AM/PM ratios, within plausible bounds (a suburb ≥ 50 % homes, a downtown ≥ 20 % offices).
// Every profile stays the published one.
import { spearman } from './common.mjs'

const peak = (v, from, to) => Math.max(...v.slice(from, to))
/** Grid: residential and office shares of each context (retail is the rest), steps of 0.1. */
export function fitLocalMix(lib, train) {
  const { SHARES, throughShare } = lib
  const prepared = train.map((r) => ({
    t: r.streets.reduce((s, x) => s + throughShare(x.roadClass) * x.w, 0),
    c: r.centrality,
    count: r.countV,
  }))
  const steps = Array.from({ length: 11 }, (_, i) => i / 10)
  const ratioFor = (mixS, mixD, p) => {
    const v = new Float64Array(24)
    for (let h = 0; h < 24; h++) {
      let local = 0
      for (const k of ['residential', 'office', 'retail']) local += (mixS[k] * (1 - p.c) + mixD[k] * p.c) * SHARES[k][h]
      v[h] = p.t * SHARES.through[h] + (1 - p.t) * local
    }
    return peak(v, 6, 10) / peak(v, 16, 20)
  }
  const mixes = steps.flatMap((res) =>
    steps.filter((o) => res + o <= 1 + 1e-9).map((office) => ({ residential: res, office, retail: 1 - res - office })),
  )
  let best = { rho: -Infinity }
  const counts = prepared.map((p) => p.count)
  // Plausible land use only: a suburb is mostly homes, a downtown has offices (without these bounds the grid
  // takes suburbs of offices: it bends profile shapes to rank, whatever they stand for).
  for (const mixS of mixes.filter((m) => m.residential >= 0.5))
    for (const mixD of mixes.filter((m) => m.office >= 0.2)) {
      const rho = spearman(
        prepared.map((p) => ratioFor(mixS, mixD, p)),
        counts,
      )
      if (rho > best.rho) best = { rho, suburban: mixS, downtown: mixD }
    }
  return best
}
