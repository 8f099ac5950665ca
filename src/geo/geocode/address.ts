// Canadian address parser: civic number, unit, street (name, type, direction), city, province,
// postal code. English and French conventions ("100 Queen St W", "1000, rue De La Gauchetière O").
// Pure and forgiving: every part is optional; geocoding decides whether enough was found.
import { MAX_PROVINCE_WORDS, provinceFromText, provinceOfPostalCode, type ProvinceCode } from '../geodata'
import { FRENCH_LEADING, LEADING_TYPES, TRAILING_TYPES } from '../geodata'
import { bareToken, normalizeName } from '../geodata'

export interface ParsedStreet {
  name: string
  type?: string
  direction?: string /** type written before the name (French, "Highway 7") */
  typeFirst?: boolean
}
export interface ParsedAddress {
  unit?: string
  civicNumber?: string
  street?: ParsedStreet
  city?: string
  province?: ProvinceCode
  /** "A1A 1A1" when a full postal code was given. */
  postalCode?: string
  /** First three characters of the postal code (also when only an FSA was given). */
  fsa?: string
  /** Rural-route delivery ("RR 2", "R.R. #1", "Site 5, Comp 12"): the address is outside a built-up area. */
  ruralRoute?: boolean
  /** Post-office box or general delivery: the box is at the post office, not at the sign's site. */
  poBox?: string
}

const POSTAL_FULL = /\b([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])[\s-]*(\d[ABCEGHJ-NPRSTV-Z]\d)\b/gi
const POSTAL_FSA_AT_END = /(?:^|[\s,])([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s*$/i
const DIRECTIONS: Record<string, string> = {
  n: 'N',
  north: 'N',
  nord: 'N',
  s: 'S',
  south: 'S',
  sud: 'S',
  e: 'E',
  east: 'E',
  est: 'E',
  w: 'W',
  west: 'W',
  o: 'O',
  ouest: 'O',
  ne: 'NE',
  nw: 'NW',
  se: 'SE',
  sw: 'SW',
  no: 'NO',
  so: 'SO',
  northeast: 'NE',
  northwest: 'NW',
  southeast: 'SE',
  southwest: 'SW',
}
const UNIT_WORDS = /^(unit|suite|ste|apt|apartment|app|appt|bureau|local|room|rm|#)\.?$/i
const CIVIC = /^\d+[a-z]?$/i
// Delivery designations that are not part of the street. Rural route (RR 2, R.R. #1, Rural Route 3)
// and the Alberta/Saskatchewan site/compartment forms; PO boxes in English and French.
const RURAL_ROUTE_SEGMENT = /^(?:r\.?\s?r\.?|rural route)\s*#?\s*\d+$/i
const RURAL_ROUTE_TOKENS = /\b(?:r\.?\s?r\.?|rural route)\s*#?\s*\d+\s*$/i
const SITE_SEGMENT = /^(?:site|s|comp|compartment|c)\s*#?\s*\d+$/i
const PO_BOX_SEGMENT =
  /^(?:p\.?\s?o\.?\s*box|box|c\.?\s?p\.?|case postale|bo[iî]te postale|general delivery|poste restante)(?=[\s#\d]|$)\s*#?\s*(\w*)$/i
const POSTAL_STATION_SEGMENT = /^(?:stn|succ\.?|succursale|station)\s+\S.*$/i
/** First letters of every delivery designation above: other segments skip the five patterns. */
const DELIVERY_FIRST_LETTERS = 'pbcgsrPBCGSR'
const WHITESPACE_TO_COLLAPSE = /\s\s|[^\S ]/
// Addresses repeat the same few hundred street words: a bounded memo skips the Unicode normalisation.
const BARE_CACHE_LIMIT = 4096
const bareCache = new Map<string, string>()
const bare = (token: string) => {
  let key = bareCache.get(token)
  if (key === undefined) {
    if (bareCache.size >= BARE_CACHE_LIMIT) bareCache.clear()
    key = bareToken(token)
    bareCache.set(token, key)
  }
  return key
}
/** First letters of the unit words and of "#5": other tokens are never a unit. */
const UNIT_FIRST_LETTERS = 'usablrUSABLR#'
const isDigit = (code: number) => code >= 48 && code <= 57

/** `isKnownPlace` lets the parser split "100 Queen St W Toronto" when there are no commas. */
export function parseAddress(text: string, isKnownPlace: (normalizedName: string) => boolean = () => false): ParsedAddress {
  const result: ParsedAddress = {}
  // Each replace is skipped when its pattern cannot match (the common case): same text, less work.
  let rest = (WHITESPACE_TO_COLLAPSE.test(text) ? text.replace(/\s+/g, ' ') : text).trim()
  if (rest.slice(-7).toLowerCase().includes('canada')) rest = rest.replace(/[,\s]*\bcanada\.?$/i, '')
  // "Unit 5 - 900 Granville St": a spaced dash before the civic number separates the unit.
  if (rest.includes(' -') || rest.includes(' –')) rest = rest.replace(/\s+[-–]\s+(?=\d)/g, ', ')

  let postal: RegExpExecArray | undefined
  POSTAL_FULL.lastIndex = 0
  for (let m = POSTAL_FULL.exec(rest); m; m = POSTAL_FULL.exec(rest)) postal = m
  if (postal) {
    result.fsa = postal[1].toUpperCase()
    result.postalCode = `${result.fsa} ${postal[2].toUpperCase()}`
    rest = rest.slice(0, postal.index) + rest.slice(postal.index! + postal[0].length)
  }

  let segments = rest
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  // Province: a whole last segment, or the last words of it ("Toronto ON").
  takeProvince()
  if (!result.fsa && segments.length) {
    const fsaOnly = segments.at(-1)!.match(POSTAL_FSA_AT_END)
    if (fsaOnly && !/^\d/.test(segments.at(-1)!)) {
      result.fsa = fsaOnly[1].toUpperCase()
      const last = segments.at(-1)!.slice(0, fsaOnly.index).trim()
      segments = [...segments.slice(0, -1), ...(last ? [last] : [])]
      if (!result.province) takeProvince()
    }
  }
  result.province ??= result.fsa ? provinceOfPostalCode(result.fsa) : undefined

  // "1000, rue X": a bare civic number written as its own segment.
  segments = segments.reduce<string[]>((acc, seg) => {
    if (acc.length && /^\d+[a-z]?$/i.test(acc.at(-1)!)) acc[acc.length - 1] += ` ${seg}`
    else acc.push(seg)
    return acc
  }, [])

  // Delivery designations: remembered, never taken for a street or a city.
  segments = segments
    .filter((seg, i) => {
      if (!DELIVERY_FIRST_LETTERS.includes(seg[0])) return true
      const box = seg.match(PO_BOX_SEGMENT)
      if (box) {
        result.poBox = box[1] || 'general delivery'
        return false
      }
      if (SITE_SEGMENT.test(seg)) {
        result.ruralRoute = true
        return false
      }
      if (POSTAL_STATION_SEGMENT.test(seg) && !/^\d/.test(seg) && segments.length > 1 && i > 0) return false
      if (RURAL_ROUTE_SEGMENT.test(seg)) {
        result.ruralRoute = true
        // "RR 2, Gibbons" alone is the only street we have (and in Alberta "RR 232" is a range road).
        return !segments.some((other, j) => j !== i && /^\d+[a-z]?\s+\S/i.test(other))
      }
      return true
    })
    .map((seg) => {
      // "123 Smith Rd RR 2": a rural route written after the street.
      if (
        isDigit(seg.charCodeAt(0)) &&
        isDigit(seg.charCodeAt(seg.length - 1)) &&
        RURAL_ROUTE_TOKENS.test(seg) &&
        seg.replace(RURAL_ROUTE_TOKENS, '').trim().split(' ').length >= 2
      ) {
        result.ruralRoute = true
        return seg.replace(RURAL_ROUTE_TOKENS, '').trim()
      }
      return seg
    })

  // A segment that is only a unit ("Suite 200", "#4"); "#4-250 Yonge St" is a street with its unit.
  const unitSegments = segments.filter((s) => !isDigit(s.charCodeAt(0)) && (UNIT_WORDS.test(s.split(' ')[0]) || /^#\s*\w+$/.test(s)))
  for (const u of unitSegments)
    result.unit = u.replace(/^(unit|suite|ste|apt|apartment|app|appt|bureau|local|room|rm)\.?\s*/i, '').replace(/^#\s*/, '')
  if (unitSegments.length) segments = segments.filter((s) => !unitSegments.includes(s))

  if (segments.length >= 2) {
    result.city = segments.at(-1)
    parseStreetSegment(segments.slice(0, -1).join(' '), false)
  } else if (segments.length === 1) {
    const only = segments[0]
    if (/^\d/.test(only) || /^#/.test(only) || startsWithLeadingType(only)) parseStreetSegment(only, true)
    else result.city = only
  }
  return result

  function takeProvince() {
    const last = segments.at(-1)
    if (!last) return
    // Where each space-separated word starts: the last k words are last.slice(wordStarts[words - k]).
    const wordStarts = [0]
    for (let at = last.indexOf(' '); at >= 0; at = last.indexOf(' ', at + 1)) wordStarts.push(at + 1)
    const words = wordStarts.length
    for (let k = Math.min(MAX_PROVINCE_WORDS, words); k >= 1; k--) {
      const start = wordStarts[words - k]
      const province = provinceFromText(last.slice(start))
      if (!province) continue
      result.province = province
      // A lone name that is both a province and a city ("Québec") is kept as the city too, also after
      // a street ("334 12e Rue, Québec", "Rue Saint-Jean, Québec"; not "Montréal, Québec").
      const afterStreet = segments.length >= 2 && looksLikeStreet(segments[segments.length - 2])
      if (k === words && (segments.length === 1 || afterStreet) && isKnownPlace(normalizeName(last))) return
      const remaining = k === words ? '' : last.slice(0, start - 1).trim()
      segments = [...segments.slice(0, -1), ...(remaining ? [remaining] : [])]
      if (!remaining && segments.length === 0) segments = []
      return
    }
  }

  function parseStreetSegment(segment: string, mayContainCity: boolean) {
    let tokens = segment.split(' ').filter(Boolean)
    // Units: "Unit 5 100 Main St", "100 Main St Suite 200", "#5 100 Main", "5-100 Main St".
    for (let i = 0; i < tokens.length; i++) {
      if (!UNIT_FIRST_LETTERS.includes(tokens[i][0])) continue
      if (UNIT_WORDS.test(tokens[i]) && tokens[i + 1]) {
        result.unit = tokens[i + 1]
        tokens.splice(i, 2)
        i--
      } else if (/^#\w+$/.test(tokens[i])) {
        result.unit = tokens[i].slice(1)
        tokens.splice(i, 1)
        i--
      }
    }
    // A civic number's letter or half written apart: "100-A", "100 A Queen St" (not "100 A St", nor a direction:
    // "1055 W Georgia St"), "100 1/2 Queen St".
    const lettered = tokens[0]?.match(/^(\d+)-([a-z])$/i)
    if (lettered) tokens[0] = lettered[1] + lettered[2]
    if (
      /^\d+$/.test(tokens[0] ?? '') &&
      tokens.length > 3 &&
      (tokens[1] === '1/2' || (/^[a-dfghj-mp-rt-vx-z]$/i.test(tokens[1]) && !isTypeWord(tokens[2])))
    )
      tokens.splice(0, 2, tokens[1] === '1/2' ? tokens[0] : tokens[0] + tokens[1])
    const unitCivic = tokens[0]?.includes('-') && tokens[0].match(/^#?(\w+)-(\d+[a-z]?)$/i)
    if (unitCivic) {
      result.unit = unitCivic[1]
      tokens[0] = unitCivic[2]
    }
    if (tokens.length > 1 && CIVIC.test(tokens[0])) result.civicNumber = tokens.shift()!.toUpperCase()

    if (mayContainCity) {
      for (let k = Math.min(4, tokens.length - 1); k >= 1; k--) {
        const head = tokens.slice(0, -k)
        if (isKnownPlace(normalizeName(tokens.slice(-k).join(' '))) && head.length && !(head.length === 1 && isTypeWord(head[0]))) {
          result.city = tokens.slice(-k).join(' ')
          tokens = head
          break
        }
      }
    }
    const street = streetOf(tokens)
    if (street) result.street = street
    else if (tokens.length) result.street = { name: tokens.join(' ') }
  }
}

function isTypeWord(token: string): boolean {
  const key = bare(token)
  return key in LEADING_TYPES || key in TRAILING_TYPES
}

function startsWithLeadingType(segment: string): boolean {
  const first = bare(segment.split(' ')[0])
  return FRENCH_LEADING.has(first) || first === 'highway' || first === 'hwy'
}

/** A street written alone ("King St N", "rue Sainte-Catherine O", "BRIDGE ST"): name, type, direction. */
export function parseStreetText(text: string): ParsedStreet | undefined {
  return streetOf(text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean))
}

/** Name/type/direction from the street tokens (civic number already removed). */
function streetOf(input: string[]): ParsedStreet | undefined {
  const tokens = [...input]
  if (!tokens.length) return undefined
  let direction: string | undefined
  if (tokens.length > 1 && DIRECTIONS[bare(tokens.at(-1)!)]) direction = DIRECTIONS[bare(tokens.pop()!)]
  // Vancouver style "W Georgia St", "E Hastings St": a one-letter direction before name and type.
  else if (tokens.length > 2 && /^[NSEW]$/.test(tokens[0]) && TRAILING_TYPES[bare(tokens.at(-1)!)]) direction = tokens.shift()!
  const tryLeading = (): ParsedStreet | undefined => {
    for (const n of [3, 2, 1]) {
      if (tokens.length <= n) continue
      const key = tokens.slice(0, n).map(bare).join(' ').replace(/-/g, ' ')
      if (LEADING_TYPES[key])
        return { type: tokens.slice(0, n).join(' ').replace(/\.$/, ''), name: tokens.slice(n).join(' '), direction, typeFirst: true }
    }
    return undefined
  }
  const tryTrailing = (): ParsedStreet | undefined => {
    if (tokens.length < 2) return undefined
    const last = bare(tokens.at(-1)!)
    if (TRAILING_TYPES[last]) return { type: tokens.at(-1)!.replace(/\.$/, ''), name: tokens.slice(0, -1).join(' '), direction }
    return undefined
  }
  const firstIsFrench = FRENCH_LEADING.has(bare(tokens[0]))
  const street = firstIsFrench ? (tryLeading() ?? tryTrailing()) : (tryTrailing() ?? tryLeading())
  if (street) return street
  // "100 Broadway": a name with no type.
  return direction || tokens.length ? { name: tokens.join(' '), direction } : undefined
}

/** The street's display text: "Queen St W", "rue Sainte-Catherine O". */
export function formatStreet(street: ParsedStreet): string {
  if (!street.type) return [street.name, street.direction].filter(Boolean).join(' ')
  return (street.typeFirst ? [street.type, street.name, street.direction] : [street.name, street.type, street.direction])
    .filter(Boolean)
    .join(' ')
}

/** A number first, or a street type first or last (past a direction: "Grande Allée Est" is a French type's street). */
function looksLikeStreet(segment: string): boolean {
  const words = segment.split(' ').map(bareToken)
  if (words.length > 1 && DIRECTIONS[words.at(-1)!]) words.pop()
  const typed = words[0] in LEADING_TYPES || words.at(-1)! in TRAILING_TYPES || words.slice(1).some((w) => FRENCH_LEADING.has(w))
  return /^\d/.test(segment) || typed
}
