#!/usr/bin/env node
// `npm run validate:geodata [-- --old <src dir of another engine>]`: how well the factor signals
// predict measured reality on data they were not fitted on (docs/methodology.md §5.2).
//   1. vehicleTraffic vs City of Calgary counts on held-out sections (held out of the fit AND of the
//      measured lookup), from coordinates alone and with the street name (speed-limit file names,
//      else the section name's numbered street); then with every count off (speed zones only), and
//      with no Calgary input at all (the national model).
//   2. transit and pedestrian vs 2011 commute shares per DA (validation only, never an input).
//   3. populationDensity vs the DA's own measured density, leave-one-out.
//   4. roadClass from coordinates vs the Ottawa Road Network File class, on held-out segments, with
//      no street given (the proxy every city without a network in the geodata store gets).
// With --old, the same numbers for another engine's src/ (e.g. the 1.x engine in a git worktree).
import { existsSync, readFileSync } from 'node:fs'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { join } from 'node:path'
import { loadSrc } from '../scripts/lib/load-ts.mjs'
import {
  calgarySections,
  calgaryStreetFinder,
  sectionIds,
  dataDir,
  halfway,
  hasData,
  isHeldOut,
  readCsv,
  root,
  spearman,
} from './validation/common.mjs'

if (!hasData()) {
  console.log(`validate:geodata needs the raw data in ${dataDir} (set SHARED_DATA_DIR); skipped.`)
  process.exit(0)
}
const { values: opts } = cliArgs({ old: { type: 'string' } }, { usage: 'npm run validate:geodata [-- --old <src dir of another engine>]' })
const engines = [['current', join(root, 'src')]]
if (opts.old) engines.push(['old', join(opts.old, opts.old.endsWith('src') ? '' : 'src')])

const fmt = (x) => (Number.isFinite(x) ? x.toFixed(3) : ' n/a ')
const pct = (a, b) => `${((100 * a) / b).toFixed(1)} %`

// ---- held-out validation sets (independent of the engine) ----
const sections = calgarySections()
const heldSections = sections.filter((s) => isHeldOut(s.secname))
const heldSectionIds = sectionIds(heldSections)

const streetOf = calgaryStreetFinder()
const heldStreets = heldSections.map(streetOf)

const das = new Map(
  readCsv('da2016/da2016-canale.csv')
    .filter((r) => r.pop_density_1km !== '')
    .map((r) => [r.dauid, { dauid: r.dauid, lat: Number(r.lat), lng: Number(r.lng), density: Number(r.pop_density_1km) }]),
)
const commute = readCsv('da2016/commute-2011-da.csv')
  .filter((r) => r.in_da2016 === '1' && Number(r.all_modes_rate) > 0 && das.has(r.dauid))
  .map((r) => ({ ...das.get(r.dauid), walk: Number(r.walk_rate), transit: Number(r.transit_rate), active: Number(r.all_modes_rate) }))
const heldDas = [...das.values()].filter((d) => isHeldOut(d.dauid))

const toClass = (c, rank) =>
  c === 23 || c === 20 ? 1 : c === 22 ? 2 : c === 21 ? (rank <= 3 ? 4 : 3) : c === 12 ? (rank === 1 ? 6 : 5) : undefined
const ottawa = []
for (const line of readFileSync(join(dataDir, 'ottawa/roads-rnf-2021.geojsonl'), 'utf8').split('\n')) {
  if (!line) continue
  const f = JSON.parse(line)
  const p = f.properties
  const cls = toClass(p.class, p.rank)
  if (cls === undefined || (p.class === 20 && !p.name) || !isHeldOut(p.ngd_uid)) continue
  const [lng, lat] = halfway(f.geometry.coordinates)
  ottawa.push({ id: p.ngd_uid, cls, lat, lng })
}

console.log(
  `validate:geodata — held-out sets: ${heldSections.length} of ${sections.length} Calgary counted ` +
    `sections (street name: ${heldStreets.filter((s) => s.source === 'speed-limit file').length} ` +
    `from the speed-limit file, ${heldStreets.filter((s) => s.source === 'section name').length} ` +
    `from the section name, ${heldStreets.filter((s) => s.source === 'none').length} none); ${commute.length} ` +
    `DAs with 2011 commute data; ${heldDas.length} held-out DA points; ${ottawa.length} held-out ` +
    `Ottawa RNF segments.`,
)

for (const [label, srcRoot] of engines) {
  let m
  try {
    // An older checkout (--old) may predate src/geo/{signals,geodata}/ and have one src/geo/index.ts.
    const geo = existsSync(join(srcRoot, 'geo/signals/index.ts'))
      ? { 'geo/signals/index.ts': ['featuresAt'], 'geo/geodata/index.ts': ['DATA_VERSION'] }
      : { 'geo/index.ts': ['featuresAt', 'DATA_VERSION'] }
    m = await loadSrc({ ...geo, 'scoring/index.ts': ['METHODOLOGY_VERSION'] }, { srcRoot })
  } catch (error) {
    console.log(`\n== ${label} engine (${srcRoot}) does not build: ${error.message.split('\n')[0]}`)
    continue
  }
  const excludeSections = heldSectionIds
  const at = (lat, lng, street, opts) => m.featuresAt({ lat, lng, precision: 'coordinates', ...(street && { street }) }, opts)
  console.log(`\n== ${label} engine: methodology ${m.METHODOLOGY_VERSION}, data ${m.DATA_VERSION}`)

  const volumes = heldSections.map((s) => s.volume)
  const fromCoords = heldSections.map((s) => at(s.lat, s.lng, undefined, { excludeSections }).vehicleTraffic)
  const withStreet = heldSections.map((s, i) => at(s.lat, s.lng, heldStreets[i].street, { excludeSections }).vehicleTraffic)
  const methodKind = (method) =>
    method.includes('named by its City of Calgary speed zone')
      ? 'counted sections of the street its speed zone names'
      : method
          .replace(/^(\w+: [^,(]*).*$/, '$1')
          .replace(/\d+ counted sections?/, 'counted sections')
          .replace(/ \d{4}$/, '')
          .trim()
  const byMethod = (signals) =>
    Object.entries(
      signals.reduce((acc, s) => {
        const k = methodKind(s.method)
        acc[k] = (acc[k] ?? 0) + 1
        return acc
      }, {}),
    )
      .map(([k, n]) => `${n} ${k}`)
      .join('; ')
  console.log(
    `vehicleTraffic vs Calgary held-out counts (n=${volumes.length}):  ρ from coordinates ${fmt(
      spearman(
        fromCoords.map((s) => s.value),
        volumes,
      ),
    )} ` +
      `  with street name ${fmt(
        spearman(
          withStreet.map((s) => s.value),
          volumes,
        ),
      )}`,
  )
  console.log(`   methods (coordinates): ${byMethod(fromCoords)}`)
  // Calgary away from counted roads: every count switched off, the City's speed zones kept.
  const noCounts = sectionIds(sections)
  const zonesOnly = heldSections.map((s) => at(s.lat, s.lng, undefined, { excludeSections: noCounts }).vehicleTraffic.value)
  console.log(`   Calgary without counts (speed zones only): ρ from coordinates ${fmt(spearman(zonesOnly, volumes))}`)
  // The national model: no Calgary input at all (counts and speed zones off), as everywhere outside Calgary.
  const national = { excludeSections: noCounts, speedZones: false }
  const nationalCoords = heldSections.map((s) => at(s.lat, s.lng, undefined, national).vehicleTraffic.value)
  const nationalStreet = heldSections.map((s, i) => at(s.lat, s.lng, heldStreets[i].street, national).vehicleTraffic.value)
  console.log(
    `   national model (no Calgary input: counts and speed zones off; what every other city gets): ` +
      `ρ from coordinates ${fmt(spearman(nationalCoords, volumes))}   with street name ${fmt(spearman(nationalStreet, volumes))}`,
  )

  const commuteSignals = commute.map((d) => at(d.lat, d.lng))
  console.log(
    `transit    vs 2011 transit commute share (n=${commute.length}): ρ ${fmt(
      spearman(
        commuteSignals.map((s) => s.transit.value),
        commute.map((d) => d.transit),
      ),
    )}`,
  )
  console.log(
    `pedestrian vs 2011 walk share: ρ ${fmt(
      spearman(
        commuteSignals.map((s) => s.pedestrian.value),
        commute.map((d) => d.walk),
      ),
    )} ` +
      `  vs walk+bike+transit share: ρ ${fmt(
        spearman(
          commuteSignals.map((s) => s.pedestrian.value),
          commute.map((d) => d.active),
        ),
      )}`,
  )
  // 3.x fits the transit share on the other DAs (research/fit-transit.mjs): its honest figure is on the held-out ones.
  const heldCommute = commute.map((_d, i) => i).filter((i) => isHeldOut(commute[i].dauid))
  console.log(
    `   held-out DAs (n=${heldCommute.length}): transit vs transit share ρ ${fmt(
      spearman(
        heldCommute.map((i) => commuteSignals[i].transit.value),
        heldCommute.map((i) => commute[i].transit),
      ),
    )}`,
  )
  const urban = commute.map((_d, i) => i).filter((i) => commute[i].density >= 1000)
  console.log(
    `   urban DAs only (≥ 1,000 persons/km², n=${urban.length}): pedestrian vs walk share ρ ${fmt(
      spearman(
        urban.map((i) => commuteSignals[i].pedestrian.value),
        urban.map((i) => commute[i].walk),
      ),
    )}, ` +
      `transit vs transit share ρ ${fmt(
        spearman(
          urban.map((i) => commuteSignals[i].transit.value),
          urban.map((i) => commute[i].transit),
        ),
      )}`,
  )

  const densities = heldDas.map((d) => at(d.lat, d.lng, undefined, { excludeDas: new Set([d.dauid]) }).populationDensity.value)
  console.log(
    `populationDensity vs held-out DA density, leave-one-out (n=${heldDas.length}): ρ ${fmt(
      spearman(
        densities,
        heldDas.map((d) => d.density),
      ),
    )}`,
  )

  // No street given: the engine reads no network itself (the network's class comes with the store's street,
  // services/street-store.ts); `roadNetwork: false` switches it off in older engines run with --old.
  const predicted = ottawa.map((p) => at(p.lat, p.lng, undefined, { roadNetwork: false }).roadClass.value)
  const within = predicted.filter((c, i) => Math.abs(c - ottawa[i].cls) <= 1).length
  const exact = predicted.filter((c, i) => Math.round(c) === ottawa[i].cls).length
  const perClass = [1, 2, 3, 4, 5, 6]
    .map((k) => {
      const idx = ottawa.map((p, i) => (p.cls === k ? i : -1)).filter((i) => i >= 0)
      return idx.length ? `${k}:${pct(idx.filter((i) => Math.abs(predicted[i] - k) <= 1).length, idx.length)}` : ''
    })
    .filter(Boolean)
  console.log(
    `roadClass from coordinates vs Ottawa RNF, network off (n=${ottawa.length}): within one class ` +
      `${pct(within, ottawa.length)}, exact ${pct(exact, ottawa.length)}, ρ ${fmt(
        spearman(
          predicted,
          ottawa.map((p) => p.cls),
        ),
      )}; ` +
      `within one by class ${perClass.join(' ')}`,
  )
}
const localShare = ottawa.filter((p) => p.cls <= 2).length
console.log(
  `\n(baseline: calling every Ottawa point "local" is within one class on ${pct(localShare, ottawa.length)}: ` +
    `the within-one figure must be read with the per-class rates)`,
)
