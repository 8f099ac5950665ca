#!/usr/bin/env node
// `node research/validation/counted-streets.mjs`: how well a street's counts nearby (model/counted-streets.ts)
// rank the counted volumes of Toronto, Vancouver and Edmonton from coordinates, as POST /score sees a point,
// with every count within 250 m of the scored one hidden (as the independent check's signals have no count
// within 250 m in the pack). Per blend weight w of the counted estimate (0: the class model alone):
// ρ of the vehicle factor (the busier street) and of audience.dailyVehicles (every street in sight) against
// the counted volume. The engine's COUNTED_WEIGHT is one of the rows (its output is checked against it).
import { committedRows, readArtefact, readManifest } from '../../scripts/lib/geodata-artefacts.mjs'
import { importTs } from '../../scripts/lib/load-ts.mjs'
import { hasData } from './common.mjs'
import { edmontonCounts, torontoCounts, vancouverCounts } from '../../scripts/geodata/counts.mjs'
import { spearman } from './common.mjs'

if (!hasData()) {
  console.log('counted-streets needs ../shared/data; skipped.')
  process.exit(0)
}
const lib = await importTs(
  {
    'scripts/lib/geodata-memory.ts': ['memoryGeodata'],
    'src/scoring/engine.ts': ['buildScoreResult'],
    'src/services/street-store.ts': ['scoringStreet'],
    'src/geo/signals/model/counted-streets.ts': ['countedStreet', 'COUNTED_WEIGHT', 'COUNTED_STREET_RADIUS_M'],
  },
  { platform: 'node' },
)
const rows = committedRows()
const store = lib.memoryGeodata(rows[0], rows[1], rows[2])
const HIDE_M = 250
/** The exposure-first weight profile the README offers (methodology §2.3). */
const EXPOSURE_FIRST = {
  vehicleTraffic: 0.45,
  roadClass: 0.3,
  populationDensity: 0.05,
  income: 0.05,
  poiDensity: 0.05,
  pedestrian: 0.05,
  transit: 0.05,
}
const metres = (a, b) => Math.hypot((a.lat - b.lat) * 111_200, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180))
const WEIGHTS = [0, 0.3, 0.5, 0.7, 0.85, 1]
const sample = (list, every) => list.filter((_, i) => i % every === 0)
const cities = [
  ['Toronto', sample(torontoCounts(), 2)],
  ['Vancouver', vancouverCounts()],
  ['Edmonton', sample(edmontonCounts(), 4)],
]
for (const [city, sites] of cities) {
  const out = WEIGHTS.map(() => ({ factor: [], audience: [] }))
  const engine = { factor: [], audience: [], persons: [], overall: [], exposureFirst: [] }
  const people = []
  const truth = []
  for (const s of sites) {
    const all = (await store.countsNear(s.lat, s.lng, 'coordinates')) ?? []
    const counts = all.filter((c) => metres(c, s) > HIDE_M)
    const located = lib.scoringStreet(await store.locate(s.lat, s.lng))
    const near = await store.streetsInSight(s.lat, s.lng)
    const base = { lat: s.lat, lng: s.lng, precision: 'coordinates', accuracyM: 0, address: 'x', ...(located && { street: located }) }
    const inSight = { ...(near && { streetsInSight: near.streets }) }
    const model = lib.buildScoreResult({ ...base, ...inSight })
    const scored = lib.buildScoreResult({ ...base, ...inSight, measuredCounts: counts })
    engine.factor.push(scored.factorScores.vehicleTraffic.raw.value)
    engine.audience.push(scored.audience.dailyVehicles)
    engine.persons.push(scored.audience.dailyPersons)
    engine.overall.push(scored.overallScore)
    engine.exposureFirst.push(lib.buildScoreResult({ ...base, ...inSight, measuredCounts: counts }, EXPOSURE_FIRST).overallScore)
    people.push(s.daily * 1.5 + (s.pedestrians ?? 0))
    const streets = model.audience.streets.length ? model.audience.streets : [{ name: '', dailyVehicles: model.audience.dailyVehicles }]
    const counted = streets.map((st) =>
      st.name ? lib.countedStreet({ name: st.name, roadClass: st.roadClass }, s.lat, s.lng, counts) : undefined,
    )
    WEIGHTS.forEach((w, k) => {
      const volumes = streets.map((st, i) =>
        counted[i] ? Math.exp(w * Math.log(counted[i].aadt) + (1 - w) * Math.log(Math.max(st.dailyVehicles, 1))) : st.dailyVehicles,
      )
      out[k].factor.push(Math.max(...volumes))
      out[k].audience.push(volumes.reduce((a, v) => a + v, 0))
    })
    truth.push(s.daily)
  }
  console.log(
    `${city}: ${sites.length} counted sites, counts within ${HIDE_M} m hidden, street counts within ${lib.COUNTED_STREET_RADIUS_M} m`,
  )
  WEIGHTS.forEach((w, k) => {
    console.log(
      `  w ${w.toFixed(2)}: vehicle factor ρ ${spearman(out[k].factor, truth).toFixed(3)}, ` +
        `audience vehicles ρ ${spearman(out[k].audience, truth).toFixed(3)}`,
    )
  })
  console.log(
    `  engine (w ${lib.COUNTED_WEIGHT}): vehicle factor ρ ${spearman(engine.factor, truth).toFixed(3)}, ` +
      `audience vehicles ρ ${spearman(engine.audience, truth).toFixed(3)}, overall score ρ ${spearman(engine.overall, truth).toFixed(3)}`,
  )
  const none = city === 'Edmonton' ? ' (no pedestrians counted)' : ''
  const rho = (values) => spearman(values, people).toFixed(3)
  console.log(
    `  against people passing, vehicles × 1.5 + pedestrians${none}: audience.dailyPersons ρ ${rho(engine.persons)}, ` +
      `overall score ρ ${rho(engine.overall)} (exposure-first weights ${rho(engine.exposureFirst)})`,
  )
}

// The sites of the held-out blocks (geodata/store holdout-corners-*): Toronto's signals no hole line and no corner of
// the store was built from, Edmonton's sites no count line was drawn through. The figures closest to an independent
// check inside the pack.
/** @type {[string, string, any[]][]} */
const heldOutSets = [
  ['Toronto', 'toronto-signals', torontoCounts()],
  ['Edmonton', 'edmonton-count-line', edmontonCounts()],
]
for (const [city, source, counted] of heldOutSets) {
  const entry = readManifest().artefacts.find((a) => a.kind === 'corner-holdout' && a.source === source)
  const held = readArtefact(entry).map(([, , , , lat, lng]) => ({ lat: Number(lat) / 1e5, lng: Number(lng) / 1e5 }))
  const sites = counted.filter((s) => held.some((h) => metres(h, s) <= 5))
  const r = { model: [], factor: [], persons: [], overall: [], truth: [], people: [] }
  for (const s of sites) {
    const counts = ((await store.countsNear(s.lat, s.lng, 'coordinates')) ?? []).filter((c) => metres(c, s) > HIDE_M)
    const located = lib.scoringStreet(await store.locate(s.lat, s.lng))
    const near = await store.streetsInSight(s.lat, s.lng)
    const base = { lat: s.lat, lng: s.lng, precision: 'coordinates', accuracyM: 0, address: 'x', ...(located && { street: located }) }
    const inSight = { ...(near && { streetsInSight: near.streets }) }
    r.model.push(lib.buildScoreResult({ ...base, ...inSight }).factorScores.vehicleTraffic.raw.value)
    const scored = lib.buildScoreResult({ ...base, ...inSight, measuredCounts: counts })
    r.factor.push(scored.factorScores.vehicleTraffic.raw.value)
    r.persons.push(scored.audience.dailyPersons)
    r.overall.push(scored.overallScore)
    r.truth.push(s.daily)
    r.people.push(s.daily * 1.5 + (s.pedestrians ?? 0))
  }
  const f3 = (a, b) => spearman(a, b).toFixed(3)
  console.log(
    `${city}, the ${sites.length} sites of the held-out blocks (counts within ${HIDE_M} m hidden): vehicle factor ρ ` +
      `${f3(r.model, r.truth)} (class model alone) / ${f3(r.factor, r.truth)} (engine); audience.dailyPersons ρ ` +
      `${f3(r.persons, r.people)}, overall score ρ ${f3(r.overall, r.people)} against people passing`,
  )
}
