// Built-in /ai/recommend: a rule table over a score result picks the sign type. Pure.
// Inputs: road class (1 local … 6 freeway, the engine's raw value; the class stands for speed, which
// the score result does not carry), vehicle traffic (AADT), the pedestrian share of passers-by, and
// the setting (core / urban / suburban / rural, from population density and nearby businesses).
// Outputs, in catalogue categories: pylon, monument, fascia/wall, projecting/blade, A-frame/sidewalk,
// window, digital. The first rule that matches wins; docs/ai.md lists the table.
import type { ScoreResult } from '../../../scoring'
import { SIGN_KINDS, type SignKind } from './tables.generated'
import { matchBusiness } from './taxonomy'

export type { SignKind }

export type Setting = 'core' | 'urban' | 'suburban' | 'rural'

// The kinds of sign, their names, the catalogue categories that sell them (src/services/ai/sign-types.ts) and why
// each is an alternative are data: geodata/curated/ai-sign-kinds.csv, compiled into tables.generated.ts.
const KINDS = Object.keys(SIGN_KINDS) as SignKind[]
const byKind = <T>(pick: (entry: (typeof SIGN_KINDS)[SignKind]) => T) =>
  Object.fromEntries(KINDS.map((k) => [k, pick(SIGN_KINDS[k])])) as Record<SignKind, T>

/** Catalogue categories that sell each kind, preferred first. */
export const KIND_CATEGORIES: Record<SignKind, string[]> = byKind((k) => k.categories)
const KIND_NAMES: Record<SignKind, string> = byKind((k) => k.name)

/** A score result's audience block; results saved before methodology 3.0 have none. */
export type Audience = Partial<ScoreResult['audience']>

export interface SiteFacts {
  roadClass: number
  aadt: number
  pedestrians: number
  /** Pedestrians as a share of people passing (vehicles × occupancy + pedestrians). */
  pedestrianShare: number
  setting: Setting
  carBusiness: boolean
  walkInBusiness: boolean
}

/** Persons per vehicle when the result has no audience occupancy (Canadian commuting average ~1.1–1.3). */
const DEFAULT_OCCUPANCY = 1.2

export function siteFacts(result: Omit<ScoreResult, 'audience'>, audience: Audience | undefined, businessType?: string): SiteFacts {
  const f = result.factorScores
  const aadt = audience?.dailyVehicles ?? f.vehicleTraffic.raw.value
  const pedestrians = audience?.dailyPedestrians ?? f.pedestrian.raw.value
  const persons = aadt * (audience?.occupancy ?? DEFAULT_OCCUPANCY) + pedestrians
  const density = f.populationDensity.raw.value
  const pois = f.poiDensity.raw.value
  const setting: Setting =
    density >= 5000 && pois >= 400 ? 'core' : density >= 2000 || pois >= 150 ? 'urban' : density >= 200 ? 'suburban' : 'rural'
  const profile = businessType ? matchBusiness(businessType)?.type.profile : undefined
  const carProfiles: string[] = ['driveThrough', 'automotive', 'industrial', 'bigBox']
  const walkProfiles: string[] = ['walkInFood', 'pedestrianRetail', 'nightlife', 'upscale']
  const driveThrough = businessType ? /drive[\s-]?(?:through|thru)|au volant/i.test(businessType) : false
  return {
    roadClass: f.roadClass.raw.value,
    aadt,
    pedestrians,
    pedestrianShare: persons > 0 ? pedestrians / persons : 0,
    setting,
    carBusiness: driveThrough || (!!profile && carProfiles.includes(profile)),
    walkInBusiness: !driveThrough && !!profile && walkProfiles.includes(profile),
  }
}

interface Rule {
  when: (s: SiteFacts) => boolean
  primary: SignKind
  alternatives: SignKind[]
  reason: (s: SiteFacts) => string
}

const n = (x: number) => Math.round(x).toLocaleString('en-CA')
const share = (s: SiteFacts) => `${Math.round(s.pedestrianShare * 100)} %`

export const RULES: readonly Rule[] = [
  {
    when: (s) => s.roadClass >= 5,
    primary: 'pylon',
    alternatives: ['digital', 'monument'],
    reason: (s) =>
      `Road class ${s.roadClass} (highway or expressway) with about ${n(s.aadt)} vehicles/day: drivers at speed ` +
      `need a tall sign they can read from far away.`,
  },
  {
    when: (s) => s.aadt >= 20000 && s.pedestrianShare < 0.1 && (s.setting === 'suburban' || s.setting === 'rural'),
    primary: 'pylon',
    alternatives: ['monument', 'digital'],
    reason: (s) =>
      `About ${n(s.aadt)} vehicles/day on a ${s.setting} road and few pedestrians (${share(s)} of passers-by): ` +
      `a raised sign above parked cars and setbacks is what drivers see.`,
  },
  {
    when: (s) => s.aadt >= 30000 && s.roadClass >= 4 && !s.walkInBusiness,
    primary: 'digital',
    alternatives: ['pylon', 'fascia'],
    reason: (s) => `About ${n(s.aadt)} vehicles/day on a road of class ${s.roadClass}: repeat commuters see a changing message many times.`,
  },
  {
    when: (s) => !s.carBusiness && (s.pedestrianShare >= 0.25 || (s.setting === 'core' && s.pedestrians >= 3000)),
    primary: 'blade',
    alternatives: ['fascia', 'sidewalk', 'window'],
    reason: (s) =>
      `Pedestrians are ${share(s)} of passers-by (about ${n(s.pedestrians)}/day) in a ${s.setting} setting: a sign ` +
      `that projects over the sidewalk is seen by people walking along the frontage, not only from across the ` +
      `street.`,
  },
  {
    when: (s) => s.aadt >= 8000 && s.roadClass >= 3 && (s.setting === 'suburban' || s.setting === 'rural'),
    primary: 'monument',
    alternatives: ['pylon', 'fascia'],
    reason: (s) =>
      `About ${n(s.aadt)} vehicles/day on an arterial (class ${s.roadClass}) in a ${s.setting} setting: a ground ` +
      `sign at the entrance is seen at moderate speed and marks the turn-in.`,
  },
  {
    when: (s) => s.setting === 'core' || s.setting === 'urban',
    primary: 'fascia',
    alternatives: ['blade', 'window', 'sidewalk'],
    reason: (s) =>
      `A ${s.setting} street with mixed traffic (about ${n(s.aadt)} vehicles and ${n(s.pedestrians)} pedestrians/day): ` +
      `a wall sign on the storefront is readable from the road and the sidewalk.`,
  },
  {
    when: () => true,
    primary: 'monument',
    alternatives: ['fascia', 'sidewalk'],
    reason: (s) =>
      `A quiet ${s.setting} location (about ${n(s.aadt)} vehicles/day, road class ${s.roadClass}): a ground sign ` +
      `at the entrance helps visitors find the site rather than catching passing traffic.`,
  },
]

export interface SignChoiceDraft {
  kind: SignKind
  type: string
  reason: string
}

/** The first catalogue category selling `kind`, or undefined when the catalogue has none. */
export function categoryFor(kind: SignKind, signTypes: readonly string[]): string | undefined {
  const byLower = new Map(signTypes.map((t) => [t.toLowerCase(), t]))
  for (const c of KIND_CATEGORIES[kind]) if (byLower.has(c)) return byLower.get(c)
  return undefined
}

export function recommendByRules(
  facts: SiteFacts,
  signTypes: readonly string[],
): { primary: SignChoiceDraft; alternatives: SignChoiceDraft[] } {
  const rule = RULES.find((r) => r.when(facts))!
  // A business whose customers arrive by car gets no sidewalk-level primary.
  const primaryKind: SignKind = facts.carBusiness && ['blade', 'sidewalk', 'window'].includes(rule.primary) ? 'fascia' : rule.primary
  const kinds = [primaryKind, ...rule.alternatives.filter((k) => k !== primaryKind)]
  if (facts.walkInBusiness && !kinds.includes('sidewalk')) kinds.push('sidewalk')
  const available = kinds.flatMap((kind) => {
    const type = categoryFor(kind, signTypes)
    return type ? [{ kind, type }] : []
  })
  const reason = rule.reason(facts)
  const [first, ...rest] = available.length ? available : [{ kind: primaryKind, type: signTypes[0] }]
  return {
    primary: {
      ...first,
      reason:
        first.kind === rule.primary
          ? reason
          : `${reason} A ${KIND_NAMES[first.kind]} instead of a ${KIND_NAMES[rule.primary]}: ${
              primaryKind !== rule.primary ? 'this business’s customers arrive by car' : 'the catalogue has none'
            }.`,
    },
    alternatives: rest.slice(0, 3).map((a) => ({ ...a, reason: `${KIND_NAMES[a.kind]}: ${ALTERNATIVE_WHY[a.kind]}` })),
  }
}

const ALTERNATIVE_WHY: Record<SignKind, string> = byKind((k) => k.alternativeWhy)

export const kindName = (kind: SignKind) => KIND_NAMES[kind]
