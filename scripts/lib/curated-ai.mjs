// The built-in AI provider's taxonomy, kept as tables (geodata/curated/ai-*.csv, described in
// geodata/curated/README.md) and compiled by `npm run build:curated` into
// src/services/ai/builtin/tables.generated.ts: business types, weight profiles, setting modifiers, cue words,
// landmarks, sign kinds. Every row is checked here (a bad row throws `<file>:<line>: …`); the generated file
// types each table, so `npm run typecheck` also catches a factor column the scoring engine does not have.
import { LAT, LNG, PROVINCES, header, number, rowsOf } from './curated.mjs'

/** The scoring engine's factors, in FACTOR_KEYS order (src/scoring): the weight and shift columns. */
const FACTORS = ['vehicleTraffic', 'roadClass', 'populationDensity', 'income', 'poiDensity', 'pedestrian', 'transit']
/** The cue-word lists the code reads (intent.ts, taxonomy.ts, parse-query.ts). */
const CUES = ['french', 'english', 'compare', 'score', 'find', 'general', 'drive-through', 'downtown']
const LANDMARK_KINDS = new Set(['landmark', 'neighbourhood', 'street', 'downtown'])
/** Words as the matcher compares them: taxonomy.ts fold() output (lower case a–z, digits, single spaces). */
const FOLDED = /^[a-z0-9]+(?: [a-z0-9]+)*$/
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const IDENTIFIER = /^[a-z][A-Za-z0-9]*$/

const json = (value) => JSON.stringify(value)
const fail = (file, line, message) => {
  throw new Error(`${file}:${line}: ${message}`)
}

/** "a|b|c" → folded words, each once; `allowEmpty` for a cell that may name none. */
function words(file, line, cell, allowEmpty = false) {
  const list = cell === '' ? [] : cell.split('|')
  if (!list.length && !allowEmpty) fail(file, line, 'no words')
  for (const w of list) if (!FOLDED.test(w)) fail(file, line, `"${w}" is not folded (lower case a-z, digits, single spaces)`)
  if (new Set(list).size !== list.length) fail(file, line, 'a word appears twice')
  return list
}

function unique(file, rows, key) {
  const seen = new Set()
  for (const { row, line } of rows) {
    if (seen.has(row[key])) fail(file, line, `${key} ${row[key]} appears twice`)
    seen.add(row[key])
  }
}

function text(file, line, row, ...columns) {
  for (const c of columns) if (!row[c] || row[c] !== row[c].trim()) fail(file, line, `${c} is empty or padded`)
}

function profiles() {
  const file = 'ai-profiles.csv'
  const rows = rowsOf(file, ['id', 'name', 'why', 'name_fr', 'why_fr', ...FACTORS])
  unique(file, rows, 'id')
  const entries = rows.map(({ row, line }) => {
    if (!IDENTIFIER.test(row.id)) fail(file, line, `id ${row.id} is not a camelCase identifier`)
    text(file, line, row, 'name', 'why', 'name_fr', 'why_fr')
    const weights = Object.fromEntries(FACTORS.map((f) => [f, number(file, line, row[f], [0, 1])]))
    const sum = FACTORS.reduce((s, f) => s + weights[f], 0)
    if (Math.abs(sum - 1) > 1e-9) fail(file, line, `weights sum to ${sum}, not 1`)
    return { id: row.id, name: row.name, why: row.why, nameFr: row.name_fr, whyFr: row.why_fr, weights }
  })
  return { ids: new Set(entries.map((e) => e.id)), entries }
}

function businessTypes(profileIds) {
  const file = 'ai-business-types.csv'
  const rows = rowsOf(file, ['id', 'label', 'label_fr', 'profile', 'terms'])
  unique(file, rows, 'id')
  return rows.map(({ row, line }) => {
    if (!KEBAB.test(row.id)) fail(file, line, `id ${row.id} is not kebab-case`)
    if (!profileIds.has(row.profile)) fail(file, line, `profile ${row.profile} is not in ai-profiles.csv`)
    text(file, line, row, 'label', 'label_fr')
    return { id: row.id, label: row.label, labelFr: row.label_fr, profile: row.profile, terms: words(file, line, row.terms) }
  })
}

function modifiers() {
  const file = 'ai-modifiers.csv'
  const rows = rowsOf(file, ['id', 'terms', 'why', 'why_fr', ...FACTORS])
  unique(file, rows, 'id')
  return rows.map(({ row, line }) => {
    if (!IDENTIFIER.test(row.id)) fail(file, line, `id ${row.id} is not a camelCase identifier`)
    text(file, line, row, 'why', 'why_fr')
    const shift = Object.fromEntries(FACTORS.filter((f) => row[f] !== '').map((f) => [f, number(file, line, row[f], [-1, 1])]))
    if (!Object.keys(shift).length) fail(file, line, 'shifts no factor')
    return { id: row.id, terms: words(file, line, row.terms), shift, why: row.why, whyFr: row.why_fr }
  })
}

function cueWords() {
  const file = 'ai-cue-words.csv'
  const lists = Object.fromEntries(CUES.map((c) => [c, []]))
  for (const { row, line } of rowsOf(file, ['cue', 'word'])) {
    if (!CUES.includes(row.cue)) fail(file, line, `cue ${row.cue} is not one of ${CUES.join(' ')}`)
    const [word] = words(file, line, row.word)
    if (lists[row.cue].includes(word)) fail(file, line, `"${word}" is already a ${row.cue} word`)
    lists[row.cue].push(word)
  }
  for (const c of CUES) if (!lists[c].length) throw new Error(`${file}: no ${c} words`)
  return lists
}

function landmarks() {
  const file = 'ai-landmarks.csv'
  return rowsOf(file, ['label', 'kind', 'names', 'city', 'province', 'lat', 'lng', 'radius_m', 'source']).map(({ row, line }) => {
    if (!LANDMARK_KINDS.has(row.kind)) fail(file, line, `kind ${row.kind} is not one of ${[...LANDMARK_KINDS].join(' ')}`)
    if (!PROVINCES.has(row.province)) fail(file, line, `province ${row.province}`)
    text(file, line, row, 'label', 'city', 'source')
    // A downtown entry is found by its city (downtownOf), not by a name in the question.
    const names = words(file, line, row.names, row.kind === 'downtown')
    return {
      label: row.label,
      kind: row.kind,
      names,
      city: row.city,
      province: row.province,
      lat: number(file, line, row.lat, LAT),
      lng: number(file, line, row.lng, LNG),
      radiusM: number(file, line, row.radius_m, [50, 5000]),
      source: row.source,
    }
  })
}

function signKinds() {
  const file = 'ai-sign-kinds.csv'
  const rows = rowsOf(file, ['kind', 'name', 'categories', 'alternative_why'])
  unique(file, rows, 'kind')
  return rows.map(({ row, line }) => {
    if (!IDENTIFIER.test(row.kind)) fail(file, line, `kind ${row.kind} is not an identifier`)
    text(file, line, row, 'name', 'alternative_why')
    const categories = row.categories.split('|')
    for (const c of categories) if (!KEBAB.test(c)) fail(file, line, `category "${c}" is not a kebab-case catalogue category`)
    return { kind: row.kind, name: row.name, categories, alternativeWhy: row.alternative_why }
  })
}

const union = (values) => [...values].map((v) => json(v)).join(' | ')
const lines = (items, indent = '  ') => items.map((item) => `${indent}${item},`).join('\n')

/** The text of src/services/ai/builtin/tables.generated.ts. */
export function aiTables() {
  const profile = profiles()
  const types = businessTypes(profile.ids)
  const mods = modifiers()
  const cues = cueWords()
  const marks = landmarks()
  const kinds = signKinds()
  const files = [
    'ai-business-types.csv',
    'ai-profiles.csv',
    'ai-modifiers.csv',
    'ai-cue-words.csv',
    'ai-landmarks.csv',
    'ai-sign-kinds.csv',
  ]
  return `${header(files.join(', '))}
import type { ProvinceCode } from '../../../geo/geodata'
import type { FactorKey, WeightProfile } from '../../../scoring'

export type ProfileId = ${union(profile.ids)}

/** A kind of customer and the factor weights it leans on (ai-profiles.csv); the French wording beside. */
export interface ProfileEntry {
  name: string
  /** Why these weights, one sentence: which customers, arriving how. */
  why: string
  nameFr: string
  whyFr: string
  weights: WeightProfile
}

export const PROFILE_ENTRIES: Readonly<Record<ProfileId, ProfileEntry>> = {
${lines(profile.entries.map(({ id, ...e }) => `${id}: ${json(e)}`))}
}

/** A kind of business (ai-business-types.csv). Terms are folded; a plural in -s or -x matches too. */
export interface BusinessType {
  id: string
  label: string
  labelFr: string
  profile: ProfileId
  terms: string[]
}

export const BUSINESS_TYPES: readonly BusinessType[] = [
${lines(types.map(json))}
]

export type ModifierId = ${union(mods.map((m) => m.id))}

/** A setting in the description that shifts weight between factors (ai-modifiers.csv). */
export interface ModifierEntry {
  id: ModifierId
  /** Folded words that turn it on. */
  terms: string[]
  shift: Partial<Record<FactorKey, number>>
  why: string
  whyFr: string
}

export const MODIFIER_ENTRIES: readonly ModifierEntry[] = [
${lines(mods.map(json))}
]

/** Folded cue words by list (ai-cue-words.csv). */
export const CUE_WORDS: Readonly<Record<${union(CUES)}, readonly string[]>> = {
${lines(CUES.map((c) => `${json(c)}: ${json(cues[c])}`))}
}

/** A place people name in questions that the gazetteer does not hold (ai-landmarks.csv). */
export interface Landmark {
  label: string
  kind: 'landmark' | 'neighbourhood' | 'street' | 'downtown'
  /** Folded names that name it in a question. */
  names: string[]
  city: string
  province: ProvinceCode
  lat: number
  lng: number
  /** How far around it the site finder searches. */
  radiusM: number
  /** The data set row the position was read from. */
  source: string
}

export const LANDMARKS: readonly Landmark[] = [
${lines(marks.map(json))}
]

export type SignKind = ${union(kinds.map((k) => k.kind))}

/** A kind of sign the recommender picks (ai-sign-kinds.csv). */
export interface SignKindEntry {
  name: string
  /** Catalogue categories that sell it, preferred first. */
  categories: string[]
  /** Why it is offered as an alternative. */
  alternativeWhy: string
}

export const SIGN_KINDS: Readonly<Record<SignKind, SignKindEntry>> = {
${lines(kinds.map(({ kind, ...k }) => `${kind}: ${json(k)}`))}
}
`
}
