// Built-in /ai/query: parse the question (parse-query.ts), locate what it names with our geocoder and
// gazetteer, score it with the engine, and for a search run the site finder around the place and name
// its best points with the reverse geocoder (coordinates when no civic address is known). Nothing is
// invented: a place that cannot be located is said to be, and no address is made up.
import { GEOCODE_PRECISIONS, type GeocodePrecision } from '../../../geo/geodata'
import { DEFAULT_WEIGHTS, type ScoreResult, type WeightProfile } from '../../../scoring'
import type { Geocoder } from '../../geocoder'
import type { ReverseGeocoder } from '../../reverse-geocoder'
import { describeResult, GENERAL_ANSWER, lead, clip, say } from './explain'
import type { Intent, Language } from './intent'
import { type Area, MAX_QUERY_READ, type ParsedQuery, parseQuery } from './parse-query'
import type { Target } from './places-in-text'
import { engineOnlyScorer, type BuiltinScorer } from './scorer'
import { asLocation, type BuiltinLocation, MAX_LOCATIONS, searchAround } from './search'
import { builtinProfile } from './weights'

export { MAX_LOCATIONS, type BuiltinLocation }
const MAX_LOOKUPS = 5

export interface BuiltinQueryAnswer {
  intent: Intent
  city: string | null
  businessType: string | null
  suggestedAddresses: string[]
  geocodedLocations: BuiltinLocation[]
  droppedAddresses: { address: string; reason: 'not_geocoded' | 'over_limit' }[]
  explanation: string
  suggestedWeights: WeightProfile | null
  notes: string[]
}
export interface BuiltinQueryDeps {
  geocoder: Geocoder
  reverse: ReverseGeocoder
  /** POST /score's service in the worker (scorer.ts); the engine over the geocoder's answer when absent. */
  scorer?: BuiltinScorer
}

/** A place to score or search around: a point, how exactly it is known, and how to name it. */
interface Located {
  label: string
  lat: number
  lng: number
  precision: GeocodePrecision
  accuracyM: number
  /** What the geocoder was given (a place written in the question). */
  text?: string
  /** An intersection whose streets do not meet in the street data: located on one of them only. */
  oneStreet?: boolean
  /** Site-finder radius around it. */
  radiusM: number
}

/**
 * A place as POST /score scores it: an address, intersection, street or postal code written in the question by
 * the text the geocoder was given; an area (landmark, neighbourhood, city) at its point's coordinates.
 */
async function scorePlace(p: Located, weights: WeightProfile, scorer: BuiltinScorer): Promise<ScoreResult> {
  return (p.text && (await scorer.address(p.text, weights))) || scorer.at(p.lat, p.lng, weights)
}

/** Precise results get a tight search, a street a wider one, an area position (postal area, city) the widest. */
const radiusFor = (precision: GeocodePrecision) =>
  precision === 'city' || precision === 'postal_code' ? 1500 : precision === 'street' ? 500 : 300
const STREET_PRECISIONS = new Set<GeocodePrecision>(['street', 'intersection', 'address', 'interpolated', 'coordinates'])
const STREET_KINDS = new Set<Target['kind']>(['intersection', 'street'])

function areaPoint(area: Area): Located {
  if (area.kind === 'landmark') {
    const l = area.landmark
    return { label: `${l.label}, ${l.city}`, lat: l.lat, lng: l.lng, precision: 'coordinates', accuracyM: 100, radiusM: l.radiusM }
  }
  const p = area.place
  const radiusM = area.kind === 'neighbourhood' ? 800 : 1500
  return { label: `${p.name}, ${p.province}`, lat: p.lat, lng: p.lng, precision: 'city', accuracyM: radiusM, radiusM }
}

/** What the geocoder is given for a place written in the question: the question's city is appended where the text lacks one. */
function geocoderText(target: Target, city: ParsedQuery['city']): string | null {
  if (target.kind === 'postal' || (target.kind === 'address' && !target.cityless)) return target.text
  return city ? `${target.text}, ${city.name}, ${city.province}` : null
}

/** The precisions that locate what each kind of target names: never the city position it falls back to. */
const LOCATES: Record<Target['kind'], ReadonlySet<GeocodePrecision>> = {
  address: new Set(GEOCODE_PRECISIONS),
  intersection: STREET_PRECISIONS,
  street: STREET_PRECISIONS,
  postal: new Set(['postal_code']),
}

async function locateTarget(target: Target, parsed: ParsedQuery, geocoder: Geocoder): Promise<Located | null> {
  const text = geocoderText(target, parsed.city)
  if (!text) return null
  const hit = await geocoder.geocode(text).catch(() => null)
  if (!hit) return null
  // A street or intersection the street data does not hold comes back as the city: that is not the place named.
  if (!LOCATES[target.kind].has(hit.precision)) return null
  // An address written without its city, found only as the city: not the address named.
  if (target.kind === 'address' && target.cityless && hit.precision === 'city') return null
  return {
    label: hit.address,
    lat: hit.lat,
    lng: hit.lng,
    precision: hit.precision,
    accuracyM: hit.accuracyM,
    text,
    ...(target.kind === 'intersection' && hit.precision === 'street' && { oneStreet: true }),
    radiusM: radiusFor(hit.precision),
  }
}

export async function builtinAnswerQuery(query: string, deps: BuiltinQueryDeps): Promise<BuiltinQueryAnswer> {
  const parsed = parseQuery(query)
  const lang: Language = parsed.language
  const profile = parsed.business || parsed.driveThrough ? builtinProfile(query, parsed) : null
  const weights = profile?.weights ?? DEFAULT_WEIGHTS
  const answer: BuiltinQueryAnswer = {
    intent: parsed.intent,
    city: parsed.city?.name ?? null,
    businessType: parsed.business?.type.id ?? null,
    suggestedAddresses: [],
    geocodedLocations: [],
    droppedAddresses: [],
    explanation: '',
    suggestedWeights: profile?.weights ?? null,
    notes: [],
  }
  const business = parsed.business ? (lang === 'fr' ? parsed.business.type.labelFr : parsed.business.type.label) : undefined
  const head = (place?: string) => lead({ lang, intent: parsed.intent, business, profileName: profile?.profile.name.toLowerCase(), place })
  if (!profile)
    answer.notes.push(
      say(lang, 'No business type recognised: default weights used.', 'Aucun type de commerce reconnu : pondération par défaut.'),
    )

  if (parsed.truncated) {
    answer.notes.push(
      say(
        lang,
        `Only the first ${MAX_QUERY_READ} characters of the question were read.`,
        `Seuls les ${MAX_QUERY_READ} premiers caractères de la question ont été lus.`,
      ),
    )
  }
  if (parsed.intent === 'general_question') {
    answer.explanation = GENERAL_ANSWER[lang]
    return answer
  }

  // Explicit places (in the order written), located in parallel: the first 3 found are kept, the rest are
  // over the limit; at most 5 are looked up (as for a language model's suggestions).
  const looked = parsed.targets.slice(0, MAX_LOOKUPS)
  const lookups = await Promise.all(looked.map((target) => locateTarget(target, parsed, deps.geocoder)))
  const located: { target: Target; place: Located }[] = []
  looked.forEach((target, i) => {
    const place = lookups[i]
    if (place && located.length < MAX_LOCATIONS) located.push({ target, place })
    else if (place) answer.droppedAddresses.push({ address: target.text, reason: 'over_limit' })
    else {
      answer.droppedAddresses.push({ address: target.text, reason: 'not_geocoded' })
      answer.notes.push(
        say(
          lang,
          `"${target.text}" could not be located${STREET_KINDS.has(target.kind) ? ' (not in our street data)' : ''}.`,
          `« ${target.text} » n’a pas pu être localisé${STREET_KINDS.has(target.kind) ? ' (absent de nos données de rues)' : ''}.`,
        ),
      )
    }
  })
  for (const target of parsed.targets.slice(MAX_LOOKUPS)) answer.droppedAddresses.push({ address: target.text, reason: 'over_limit' })
  for (const { target, place } of located.filter((l) => l.place.oneStreet)) {
    const km = `±${(place.accuracyM / 1000).toFixed(1)} km`
    answer.notes.push(
      say(
        lang,
        `"${target.text}": the two streets do not meet in our street data; located on one of them only (${km}).`,
        `« ${target.text} » : ces deux rues ne se croisent pas dans nos données de rues ; localisé sur l’une d’elles seulement (${km}).`,
      ),
    )
  }

  if (parsed.intent === 'find_locations') {
    const centre = located[0]?.place ?? (parsed.area ? areaPoint(parsed.area) : null)
    if (!centre) return cannotPlace(answer, lang, head())
    const radiusM = parsed.radiusM ?? centre.radiusM
    const scorer = deps.scorer ?? engineOnlyScorer(deps.geocoder)
    await searchAround({ ...centre, radiusM }, weights, { reverse: deps.reverse, scorer }, lang, answer, head(centre.label))
    return answer
  }

  // score_location and compare: score each place named (the area itself when no address was written).
  const places = located.length
    ? located.map((l) => l.place)
    : parsed.area && parsed.intent === 'score_location'
      ? [areaPoint(parsed.area)]
      : []
  if (!places.length) return cannotPlace(answer, lang, head())
  const scorer = deps.scorer ?? engineOnlyScorer(deps.geocoder)
  const scored = await Promise.all(places.map(async (place) => ({ place, result: await scorePlace(place, weights, scorer) })))
  for (const { place, result } of scored) {
    answer.suggestedAddresses.push(place.label)
    answer.geocodedLocations.push(asLocation(place.label, place.label, place.lat, place.lng, place.precision, result))
    if (place.precision === 'city' || place.precision === 'postal_code')
      answer.notes.push(
        say(
          lang,
          `${place.label} is located only to the ${place.precision === 'city' ? 'city' : 'postal area'}: its score is approximate.`,
          `${place.label} n’est localisé qu’à l’échelle de la ${place.precision === 'city' ? 'ville' : 'région postale'} ` +
            `: son score est approximatif.`,
        ),
      )
  }
  const sentences = [
    head(scored.length === 1 ? scored[0].place.label : undefined),
    ...scored.map((s) => describeResult(s.place.label, s.result, weights, lang)),
  ]
  if (parsed.intent === 'compare' && scored.length >= 2) {
    const best = [...scored].sort((a, b) => b.result.overallScore - a.result.overallScore)[0]
    sentences.push(say(lang, `Best of these: ${best.place.label}.`, `Le meilleur : ${best.place.label}.`))
  } else if (parsed.intent === 'compare') {
    answer.notes.push(
      say(
        lang,
        'Only one of the places could be located, so nothing was compared.',
        'Un seul des emplacements a pu être localisé : aucune comparaison.',
      ),
    )
  }
  answer.explanation = clip(sentences.join(' '), 1000)
  return answer
}

function cannotPlace(answer: BuiltinQueryAnswer, lang: Language, headline: string): BuiltinQueryAnswer {
  const named = answer.droppedAddresses.some((d) => d.reason === 'not_geocoded')
  const why = named
    ? say(
        lang,
        'None of the places named could be located by our geocoder, so nothing was scored and no places are suggested (none are invented).',
        'Aucun des lieux nommés n’a pu être localisé par notre géocodeur : rien n’est évalué ni proposé (rien n’est inventé).',
      )
    : say(
        lang,
        'No Canadian city, neighbourhood, landmark, street, intersection or civic address in the question could be located, so no ' +
          'places are suggested (none are invented). Name the city, e.g. "… in Halifax", or an address.',
        'Aucune ville, aucun quartier, lieu connu, rue, intersection ou adresse du Canada n’a pu être localisé dans la question : ' +
          'aucun emplacement n’est proposé (aucun n’est inventé). Nommez la ville, p. ex. « … à Sherbrooke », ou une adresse.',
      )
  answer.explanation = `${headline} ${why}`
  return answer
}
