#!/usr/bin/env node
// `npm run validate:postal-areas [-- --old <src dir of another engine>]`: the transit and income factors
// of a postal-code input (what the API scores for "K1N" or "M5V 2T6": the FSA's position, precision
// postal_code) against the FSA's 2011 transit commute share and median household income, on the held-out
// Ontario FSAs (research/validation/postal-areas.mjs; docs/methodology.md §5.5). Spearman ρ of the raw
// value and of the factor score (the curve's flat ends tie some scores).
import { existsSync } from 'node:fs'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { join } from 'node:path'
import { loadSrc } from '../scripts/lib/load-ts.mjs'
import { dataDir, hasData, root, spearman } from './validation/common.mjs'
import { ontarioPostalAreas } from './validation/postal-areas.mjs'

if (!hasData()) {
  console.log(`validate:postal-areas needs the raw data in ${dataDir} (set SHARED_DATA_DIR); skipped.`)
  process.exit(0)
}
const { values: opts } = cliArgs(
  { old: { type: 'string' } },
  { usage: 'npm run validate:postal-areas [-- --old <src dir of another engine>]' },
)
const engines = [['current', join(root, 'src')]]
if (opts.old) engines.push(['old', join(opts.old, opts.old.endsWith('src') ? '' : 'src')])

const areas = ontarioPostalAreas()
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(3) : ' n/a ')
const held = areas.filter((a) => a.heldOut)
console.log(
  `validate:postal-areas — ${areas.length} Ontario FSAs, ${held.length} held out; with a transit share ` +
    `${held.filter((a) => a.transitShare !== undefined).length}, with a tract income ${held.filter((a) => a.income !== undefined).length}`,
)

for (const [label, srcRoot] of engines) {
  // An older checkout (--old) may predate src/geo/{signals,geocode,geodata}/ and have one src/geo/index.ts.
  const geo = existsSync(join(srcRoot, 'geo/signals/index.ts'))
    ? {
        'geo/signals/index.ts': ['featuresAt'],
        'geo/geocode/index.ts': ['geocodeOffline'],
        'geo/geodata/index.ts': ['DATA_VERSION'],
      }
    : { 'geo/index.ts': ['featuresAt', 'geocodeOffline', 'DATA_VERSION'] }
  const m = await loadSrc({ ...geo, 'scoring/index.ts': ['METHODOLOGY_VERSION', 'scoreSignals'] }, { srcRoot })
  console.log(`\n== ${label} engine: methodology ${m.METHODOLOGY_VERSION}, data ${m.DATA_VERSION}`)
  const rows = []
  for (const a of areas) {
    const g = m.geocodeOffline(a.fsa)
    if (!g) continue
    const signals = m.featuresAt({ lat: g.lat, lng: g.lng, precision: g.precision, ruralPostalCode: g.ruralPostalCode })
    const scores = m.scoreSignals(signals).factorScores
    // The same areas asked by coordinates (the StatCan polygon centroid): what a caller sending a point gets.
    const point = m.featuresAt({ lat: a.lat, lng: a.lng, precision: 'coordinates' })
    rows.push({
      ...a,
      transit: signals.transit.value,
      transitScore: scores.transit.score,
      inc: signals.income.value,
      incScore: scores.income.score,
      pointTransit: point.transit.value,
      pointInc: point.income.value,
    })
  }
  const report = (name, subset) => {
    const t = subset.filter((r) => r.transitShare !== undefined)
    const i = subset.filter((r) => r.income !== undefined)
    const rho = (list, x, y) =>
      fmt(
        spearman(
          list.map((r) => r[x]),
          list.map((r) => r[y]),
        ),
      )
    console.log(
      `${name}: transit vs transit share (n=${t.length}) ρ ${rho(t, 'transit', 'transitShare')} ` +
        `(score ${rho(t, 'transitScore', 'transitShare')}); ` +
        `income vs area income (n=${i.length}) ρ ${rho(i, 'inc', 'income')} (score ${rho(i, 'incScore', 'income')})`,
    )
  }
  report(
    'held-out Ontario FSAs',
    rows.filter((r) => r.heldOut),
  )
  report(
    '  urban held-out (2nd character not 0)',
    rows.filter((r) => r.heldOut && !r.rural),
  )
  report(
    'training Ontario FSAs',
    rows.filter((r) => !r.heldOut),
  )
  const held = rows.filter((r) => r.heldOut)
  report(
    'held-out, by coordinates (FSA polygon centroid)',
    held.map((r) => ({ ...r, transit: r.pointTransit, transitScore: r.pointTransit, inc: r.pointInc, incScore: r.pointInc })),
  )
}
