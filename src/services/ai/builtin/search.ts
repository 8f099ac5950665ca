// The built-in provider's search around a place: the site finder (services/nearby.ts `findNearby`, the code
// behind POST /score/nearby) with the business's weights, every best point re-scored by POST /score's own
// service (scorer.ts), then named by the reverse geocoder: the civic address within 15 m, else its street and
// cross street; coordinates only where the store knows neither.
import type { GeocodePrecision } from '../../../geo/geodata'
import { streetsLabel } from '../../../geo/geocode'
import type { ScoreResult, WeightProfile } from '../../../scoring'
import { candidatePoints, findNearby } from '../../nearby'
import { REVERSE_MAX_DISTANCE_M, type ReverseGeocoder, type ReverseHit } from '../../reverse-geocoder'
import { clip, describeResult, relativeTo, say } from './explain'
import type { Language } from './intent'
import type { BuiltinScorer } from './scorer'

export const MAX_LOCATIONS = 3

export interface BuiltinLocation {
  address: string
  resolvedAddress: string
  lat: number
  lng: number
  precision: GeocodePrecision
  overallScore: number
  grade: ScoreResult['grade']
}
/** What a search writes into the answer. */
export interface SearchAnswer {
  suggestedAddresses: string[]
  geocodedLocations: BuiltinLocation[]
  droppedAddresses: readonly unknown[]
  explanation: string
  notes: string[]
}
/** A place to search around: a point, how exactly it is known, its name and the site-finder radius around it. */
export interface SearchCentre {
  label: string
  lat: number
  lng: number
  precision: GeocodePrecision
  radiusM: number
}
export interface SearchDeps {
  reverse: ReverseGeocoder
  scorer: BuiltinScorer
}

export const coords = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`

export function asLocation(
  address: string,
  resolved: string,
  lat: number,
  lng: number,
  precision: GeocodePrecision,
  result: ScoreResult,
): BuiltinLocation {
  return { address, resolvedAddress: resolved, lat, lng, precision, overallScore: result.overallScore, grade: result.grade }
}

/** "Queen Street West near Spadina Avenue, Toronto, ON" / "Rue Peel près de Rue Sainte-Catherine Ouest, Montréal, QC". */
function streetName(hit: ReverseHit, lang: Language): string {
  if (!hit.streets) return hit.address
  return [streetsLabel(hit.streets, lang), hit.place].filter(Boolean).join(', ')
}

/**
 * The site finder's 3 best distinct points within `centre.radiusM`, each scored as POST /score scores its
 * coordinates (the centre too: a suggestion is a point, whatever located the place) and named when it can be.
 */
export async function searchAround(
  centre: SearchCentre,
  weights: WeightProfile,
  deps: SearchDeps,
  lang: Language,
  answer: SearchAnswer,
  headline: string,
) {
  const radiusM = centre.radiusM
  const spacingM = Math.max(25, Math.round(radiusM / 5))
  const scorePoint = (lat: number, lng: number) => deps.scorer.at(lat, lng, weights)
  const centreResult = await scorePoint(centre.lat, centre.lng)
  const candidates = candidatePoints(centre, radiusM, spacingM)
  const { best } = await findNearby(centreResult, candidates, { radiusM, spacingM, limit: MAX_LOCATIONS, weights }, scorePoint)
  const names = await Promise.all(best.map((b) => deps.reverse.reverse(b.result.lat, b.result.lng, REVERSE_MAX_DISTANCE_M)))
  const sentences = [
    headline,
    say(
      lang,
      `Best of ${candidates.length} points within ${radiusM} m, scored with these weights:`,
      `Meilleurs de ${candidates.length} points dans un rayon de ${radiusM} m, avec cette pondération :`,
    ),
  ]
  best.forEach((b, i) => {
    const { lat, lng } = b.result
    const where = relativeTo(centre.label, b.distanceM, b.bearingDeg, lang)
    const hit = names[i]
    const civic = hit && hit.kind !== 'street'
    // A civic address is the suggestion itself; a point named by its streets is suggested as its exact coordinates.
    const address = civic ? hit.address : coords(lat, lng)
    const named = hit && !civic ? streetName(hit, lang) : undefined
    const resolved = civic
      ? say(
          lang,
          `${hit.address} (${Math.round(hit.distanceM)} m from the scored point)`,
          `${hit.address} (à ${Math.round(hit.distanceM)} m du point évalué)`,
        )
      : (named ?? `${coords(lat, lng)} (${where})`)
    answer.suggestedAddresses.push(address)
    answer.geocodedLocations.push(asLocation(address, resolved, lat, lng, civic ? 'address' : 'coordinates', b.result))
    const label = civic ? hit.address.split(',')[0] : named?.split(',')[0]
    sentences.push(describeResult(`#${i + 1} (${label ? `${label}, ` : ''}${where})`, b.result, weights, lang))
  })
  if (names.some((n) => !n))
    answer.notes.push(
      say(
        lang,
        'No civic address or street is known for some suggested points: they are given as coordinates.',
        'Aucune adresse civique ni rue n’est connue pour certains points : ils sont donnés en coordonnées.',
      ),
    )
  if (centre.precision === 'city')
    answer.notes.push(
      say(
        lang,
        `Searched around the gazetteer position of ${centre.label} (GeoNames), not a particular street` +
          (answer.droppedAddresses.length
            ? ', because the place named could not be located.'
            : ': name a street or neighbourhood to narrow it.'),
        `Recherche autour de la position de ${centre.label} au répertoire (GeoNames), pas d’une rue précise` +
          (answer.droppedAddresses.length ? ', faute d’avoir localisé le lieu nommé.' : ' : nommez une rue ou un quartier pour affiner.'),
      ),
    )
  answer.explanation = clip(sentences.join(' '), 1000)
}
