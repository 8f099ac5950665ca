// Road class from the street type and name. Canadian street types say a lot about a road's role:
// crescents, courts and places are cul-de-sac residential streets; boulevards and highways are
// arterials. A short list of famous arterials upgrades a generic "St"/"Ave"/"rue".
import { bareToken, normalizeName } from './text'

/** Ordinal road class: 1 local · 2 collector · 3 minor arterial · 4 major arterial · 5 highway · 6 freeway. */
export type RoadClass = number

export interface StreetTypeInfo {
  canonical: string
  roadClass: RoadClass
  rural?: boolean
}

const COMMERCIAL_NAME =
  /\b(?:city centre|city center|town centre|town center|civic centre|shopping centre|mall|plaza|galleria|marketplace|power centre)\b/
/** Numbered through-roads: highways, provincial/county/regional roads, routes, autoroutes. */
const HIGHWAY_TYPES = new Set(['Hwy', 'route', 'autoroute', 'County Rd', 'Regional Rd', 'PR'])
/**
 * Names of rural survey-grid roads written with a generic type ("chemin du Rang 4", "Concession 5 Rd"); a number is required so that
 * Hamilton's "Concession St" stays urban.
 */
const RURAL_NAME = new RegExp(
  '^(?:(?:du|de|des)\\s+)?(?:' +
    [
      'rang\\b',
      '(?:range|rge|township|twp)\\s+(?:road|rd)\\s+\\d',
      '(?:concession|conc)\\s+(?:road\\s+|rd\\s+)?\\d',
      'side\\s?road\\s+\\d',
      'rural route\\s+\\d',
      'line\\s+\\d',
      '\\d+(?:st|nd|rd|th)?\\s+line\\b',
    ].join('|') +
    ')',
)

const T = (canonical: string, roadClass: number, rural = false): StreetTypeInfo => ({ canonical, roadClass, rural })

// Types written after the name ("Queen St W"). Keys are lower-case without dots.
export const TRAILING_TYPES: Record<string, StreetTypeInfo> = {}
// biome-ignore format: a table reads better packed than one entry per line
for (const [keys, info] of [
  [['street', 'st', 'str'], T('St', 2)], [['avenue', 'ave', 'av'], T('Ave', 2.5)], [['road', 'rd'], T('Rd', 2.8)],
  [['boulevard', 'blvd', 'boul', 'bd'], T('Blvd', 3.8)], [['drive', 'dr'], T('Dr', 1.8)],
  [['crescent', 'cres', 'cr', 'cresc'], T('Cres', 1)], [['court', 'crt', 'ct'], T('Crt', 1)], [['place', 'pl'], T('Pl', 1)],
  [['lane', 'ln'], T('Lane', 1)], [['way'], T('Way', 1.8)], [['highway', 'hwy'], T('Hwy', 4.5)],
  [['parkway', 'pkwy', 'pky'], T('Pkwy', 3.5)], [['trail', 'tr', 'trl'], T('Trail', 3.5)],
  [['terrace', 'terr', 'ter', 'tce'], T('Terr', 1)], [['circle', 'cir', 'circ', 'crcl'], T('Circle', 1)],
  [['close', 'cl'], T('Close', 1)], [['gate', 'gt'], T('Gate', 1.5)],
  [['grove', 'grv'], T('Grove', 1)], [['mews'], T('Mews', 1)], [['square', 'sq'], T('Sq', 2)], [['line'], T('Line', 1.5, true)],
  [['sideroad', 'sdrd', 'side road'], T('Sideroad', 1.5, true)], [['concession', 'conc'], T('Conc', 1.5, true)],
  [['crossing', 'xing'], T('Crossing', 2)], [['heights', 'hts'], T('Hts', 1)], [['gardens', 'gdns'], T('Gdns', 1)],
  [['row'], T('Row', 1)], [['walk'], T('Walk', 1)], [['path'], T('Path', 1)], [['green', 'grn'], T('Green', 1)], [['bay'], T('Bay', 1)],
  [['point', 'pt'], T('Pt', 1)], [['landing', 'lndg'], T('Landing', 1)], [['ridge', 'rdge'], T('Ridge', 1)],
  [['view', 'vw'], T('View', 1)], [['common', 'cmn'], T('Common', 1)], [['plaza', 'plz'], T('Plaza', 2.5)],
  [['expressway', 'expy', 'freeway', 'fwy'], T('Expy', 6)], [['esplanade', 'espl'], T('Espl', 2)], [['quay'], T('Quay', 2)],
  [['rise'], T('Rise', 1)], [['cove'], T('Cove', 1)], [['link'], T('Link', 1.5)], [['manor'], T('Manor', 1)], [['glen'], T('Glen', 1)],
  [['loop'], T('Loop', 1)], [['circuit', 'crct', 'cct'], T('Circuit', 1)], [['hill'], T('Hill', 1)],
  [['park'], T('Park', 1.5)], [['mall'], T('Mall', 2.5)],
  [['centre', 'center', 'ctr'], T('Centre', 2.5)],
] as [string[], StreetTypeInfo][]) for (const k of keys) TRAILING_TYPES[k] = info

// Types written before the name ("rue Sainte-Catherine O", "Highway 7", "Range Road 232").
export const LEADING_TYPES: Record<string, StreetTypeInfo> = {}
// biome-ignore format: a table reads better packed than one entry per line
for (const [keys, info] of [
  [['rue', 'r'], T('rue', 2)], [['boulevard', 'boul', 'bd', 'blvd'], T('boul', 3.8)], [['avenue', 'av', 'ave'], T('av', 2.5)],
  [['chemin', 'ch'], T('ch', 2.3)], [['route', 'rte'], T('route', 4)], [['rang', 'rg'], T('rang', 1.5, true)],
  [['autoroute', 'aut', 'a'], T('autoroute', 6)], [['montee', 'mtee'], T('montée', 2.3)], [['cote'], T('côte', 2.8)],
  [['place', 'pl'], T('place', 1.5)], [['impasse', 'imp'], T('impasse', 1)], [['croissant', 'crois'], T('croissant', 1)],
  [['allee', 'all'], T('allée', 1)], [['promenade', 'prom'], T('promenade', 2)], [['carre', 'car'], T('carré', 1)],
  [['terrasse', 'tsse'], T('terrasse', 1)], [['highway', 'hwy'], T('Hwy', 4.5)], [['sentier'], T('sentier', 1)],
  [['range road', 'range rd', 'rge rd', 'rge road', 'rr'], T('Range Rd', 1.5, true)],
  [['township road', 'twp rd', 'township rd', 'twp road', 'twp'], T('Township Rd', 1.5, true)],
  [['rural route', 'r r'], T('Rural Route', 1.5, true)], [['line'], T('Line', 1.5, true)],
  [['concession road', 'concession rd', 'concession', 'conc rd', 'conc'], T('Concession Rd', 1.5, true)],
  [['sideroad', 'side road'], T('Sideroad', 1.5, true)], [['county road', 'county rd', 'cr'], T('County Rd', 2.5)],
  [['regional road', 'regional rd'], T('Regional Rd', 3.2)], [['provincial road', 'pr'], T('PR', 3)],
  [['secondary highway'], T('Hwy', 3.5)], [['trans canada highway', 'trans canada hwy'], T('Hwy', 4.8)],
] as [string[], StreetTypeInfo][]) for (const k of keys) LEADING_TYPES[k] = info

/** Leading types that are only ever leading (French); tried before trailing types. */
export const FRENCH_LEADING = new Set([
  'rue',
  'r',
  'boul',
  'chemin',
  'ch',
  'rang',
  'rg',
  'montee',
  'mtee',
  'autoroute',
  'impasse',
  'croissant',
  'allee',
  'cote',
  'promenade',
  'terrasse',
  'sentier',
])

// Major arterials and main streets of Canadian cities, by normalised name (type-agnostic). Sources:
// municipal road-classification maps (Toronto, Montréal, Vancouver, Calgary, Edmonton, Ottawa,
// Winnipeg, Halifax); "main" covers the main street of most towns.
// biome-ignore format: a table reads better packed than one entry per line
const MAJOR_ARTERIALS = new Set([
  'yonge', 'bloor', 'queen', 'king', 'dundas', 'college', 'spadina', 'university', 'bay', 'front', 'eglinton', 'sheppard', 'finch',
  'steeles', 'lawrence', 'danforth', 'kingston', 'lake shore', 'lakeshore', 'hurontario', 'dixie', 'jane', 'keele', 'dufferin',
  'bathurst', 'saint clair', 'don mills', 'victoria park', 'warden', 'kennedy', 'markham', 'burnhamthorpe', 'derry', 'britannia',
  'mavis', 'erin mills', 'highway 7', 'major mackenzie', 'sainte catherine', 'saint laurent', 'sherbrooke', 'rene levesque',
  'saint denis', 'cote des neiges', 'mont royal', 'papineau', 'pie ix', 'decarie', 'taschereau', 'laurier', 'notre dame', 'jean talon',
  'cote vertu', 'saint jean', 'charest', 'grande allee', 'granville', 'robson', 'georgia', 'broadway', 'hastings', 'kingsway', 'davie',
  'denman', 'main', 'commercial', 'cambie', 'no 3', 'portage', 'pembina', 'jasper', 'whyte', 'macleod', 'crowchild', '17', '16',
  'centre', 'rideau', 'bank', 'elgin', 'sparks', 'carling', 'merivale', 'barrington', 'spring garden', 'water', 'yates', 'douglas',
  'government', 'wellington', 'ouellette', 'richmond', 'king george', 'lonsdale', 'marine', 'gordon', 'albert', 'victoria', '8th', '8',
  'idylwyld', 'regent', 'brunswick', 'duckworth', 'principale',
])

// Arterials whose names are too common nationally to list above ("Memorial Dr", "Anderson Rd"),
// listed per CMA (name as in geodata/curated/cma-facts.csv). Sources: the cities' road-classification and
// truck-route maps. Numbered avenues/streets only where the number is an arterial in that city.
// biome-ignore format: a table reads better packed than one entry per line
const CMA_ARTERIALS: Readonly<Record<string, ReadonlySet<string>>> = {
  Calgary: new Set([
    'memorial', 'northland', 'sunridge', 'canyon meadows', 'glenmore', 'deerfoot', 'sarcee', 'stoney', 'shaganappi', 'country hills',
    'anderson', 'southland', 'heritage', 'elbow', 'edmonton', 'bow', 'crowchild', 'blackfoot', 'barlow', 'beddington', '14', '4', '32',
    '36', '52', '68', '90', '130', 'richmond', 'bowness', 'kensington', 'centre'
  ]),
  Edmonton: new Set([
    'whyte', 'gateway', 'calgary', 'stony plain', 'yellowhead', 'wayne gretzky', 'terwillegar', 'whitemud', 'jasper', 'kingsway',
    'fort', 'manning', 'castle downs', 'mill woods', '82', '97', '101', '109', '111', '114', '118', '137', '153', '170', '50', '34',
    '23', '124', '149', '156'
  ]),
  'Ottawa - Gatineau': new Set([
    'baseline', 'hunt club', 'merivale', 'woodroffe', 'greenbank', 'montreal', 'innes', 'st laurent', 'saint laurent', 'bronson',
    'somerset', 'wellington', 'richmond', 'prince of wales', 'heron', 'walkley', 'ogilvie', 'smyth', 'alta vista', 'terry fox',
    'eagleson', 'march', 'strandherd', 'maloney', 'greber', 'gréber'
  ]),
  Winnipeg: new Set([
    'pembina', 'mcphillips', 'main', 'henderson', 'regent', 'st marys', 'saint marys', 'st annes', 'saint annes', 'kenaston',
    'bishop grandin', 'ellice', 'sargent', 'notre dame', 'corydon', 'osborne', 'lagimodiere', 'nairn', 'marion', 'dugald', 'st james',
    'saint james', 'jefferson', 'inkster', 'leila', 'grant'
  ]),
  Vancouver: new Set([
    'knight', 'fraser', 'oak', 'victoria', 'nanaimo', 'rupert', 'boundary', 'marine', '41st', '41', '49th', '49', '4th', '4',
    'hastings', 'lougheed', 'king george', '152', '104', '72', '88', 'scott', 'no 3', 'no 5', 'lonsdale', 'marine', 'willingdon',
    'brunette', 'austin', 'como lake', 'fraser', 'dewdney trunk'
  ]),
  Toronto: new Set([
    'burnhamthorpe', 'derry', 'britannia', 'mavis', 'erin mills', 'winston churchill', 'bovaird', 'queen', 'mclaughlin', 'airport',
    'rutherford', 'major mackenzie', 'bayview', 'leslie', 'woodbine', 'mccowan', 'brimley', 'midland', 'birchmount', 'pharmacy',
    'islington', 'kipling', 'weston', 'albion', 'wilson', 'york mills', 'ellesmere', 'lawrence', 'rexdale', 'the queensway',
    'queensway', 'bloor', 'dundas', 'eglinton', 'trafalgar', 'brant', 'appleby'
  ]),
  Montréal: new Set([
    'cote vertu', 'cote de liesse', 'de la concorde', 'saint martin', 'des laurentides', 'cure labelle', 'le carrefour', 'chomedey',
    'jean talon', 'henri bourassa', 'gouin', 'pie ix', 'lacordaire', 'langelier', 'sources', 'saint charles', 'saint jean', 'lasalle',
    'champlain', 'rome', 'taschereau', 'cousineau', 'roland therrien'
  ]),
}

/** A named highway written as "Hwy 7", "Highway 401", "Route 117", "Autoroute 20" — a number. */
const FREEWAY_NUMBERS = new Set([
  '400',
  '401',
  '403',
  '404',
  '407',
  '409',
  '410',
  '416',
  '417',
  '427',
  'qew',
  '1',
  '20',
  '40',
  '15',
  '10',
  '2',
  '16',
])

/**
 * `rural`: a rural survey-grid road (range/township road, concession, sideroad, line, rang, rural
 * route): a point on it is outside any built-up area. `highway`: a numbered through-road, which is
 * a town's commercial strip inside a town but a rural road in a rural postal area.
 */
export interface StreetClassification {
  roadClass: RoadClass
  basis: 'type' | 'name' | 'type+name'
  rural: boolean
  highway: boolean
}

// Scoring classifies the same streets (a geocoded address's street, a store's nearest street) over and over:
// a bounded per-isolate memo skips the normalising and the regex passes. Keyed by the name (a string's hash is
// computed once and kept), then by CMA ('' for none), then type; its answers are frozen: shared.
const CLASSIFIED_CACHE_LIMIT = 8192
interface Classified {
  type: string | undefined
  value: Readonly<StreetClassification> | undefined
}
const classified = new Map<string, Map<string, Classified[]>>()
let classifiedCount = 0

/** Road class from a parsed street; undefined when neither type nor name says anything. Read-only (memoised). */
export function classifyStreet(street: { name: string; type?: string }, cmaName?: string): Readonly<StreetClassification> | undefined {
  if (classifiedCount >= CLASSIFIED_CACHE_LIMIT) {
    classified.clear()
    classifiedCount = 0
  }
  let byCma = classified.get(street.name)
  if (byCma === undefined) {
    byCma = new Map()
    classified.set(street.name, byCma)
  }
  let byType = byCma.get(cmaName ?? '')
  if (byType === undefined) {
    byType = []
    byCma.set(cmaName ?? '', byType)
  }
  for (const c of byType) if (c.type === street.type) return c.value
  const fresh = classifyUncached(street, cmaName)
  const value = fresh && Object.freeze(fresh)
  byType.push({ type: street.type, value })
  classifiedCount++
  return value
}

function classifyUncached(street: { name: string; type?: string }, cmaName?: string): StreetClassification | undefined {
  const local = cmaName ? CMA_ARTERIALS[cmaName] : undefined
  // Intersections ("Yonge & Dundas", "King St at Bay St"): the busier street counts.
  const parts = street.name.split(/\s*&\s*|\s+(?:at|and|et)\s+|\s*\/\s*/i).filter(Boolean)
  if (parts.length > 1) {
    const classified = parts
      .map((part) => classifySingle(splitTrailingType(part, street.type), local))
      .filter((c): c is StreetClassification => !!c)
    return classified.sort((a, b) => b.roadClass - a.roadClass)[0]
  }
  return classifySingle(street, local)
}

/** "King St" inside an intersection name → { name: "King", type: "St" }. */
function splitTrailingType(part: string, fallbackType?: string): { name: string; type?: string } {
  const words = part.split(/\s+/)
  const last = words.at(-1)!.toLowerCase().replace(/\./g, '')
  return words.length > 1 && TRAILING_TYPES[last] ? { name: words.slice(0, -1).join(' '), type: last } : { name: part, type: fallbackType }
}

function classifySingle(street: { name: string; type?: string }, localArterials?: ReadonlySet<string>): StreetClassification | undefined {
  const typeKey = street.type ? bareToken(street.type) : ''
  const info = typeKey ? (LEADING_TYPES[typeKey] ?? TRAILING_TYPES[typeKey]) : undefined
  const name = normalizeName(street.name)
  const bareName = name.replace(/^(de la|du|des|de|d)\s+/, '').replace(/(\d+)(st|nd|rd|th)$/, '$1')
  const famous =
    MAJOR_ARTERIALS.has(name) || MAJOR_ARTERIALS.has(bareName) || !!localArterials?.has(name) || !!localArterials?.has(bareName)
  if (info) {
    // Limited-access freeways: a sign can face one, but no address fronts one; treat the numbered
    // 400-series and autoroutes as highway frontage (class 5), other numbered highways keep their type.
    if ((info.canonical === 'Hwy' || info.canonical === 'autoroute') && FREEWAY_NUMBERS.has(name)) {
      return { roadClass: 5, basis: 'type+name', rural: false, highway: true }
    }
    const highway = HIGHWAY_TYPES.has(info.canonical)
    const rural = (info.rural ?? false) || RURAL_NAME.test(name)
    if (rural) return { roadClass: Math.min(info.roadClass, 1.5), basis: info.rural ? 'type' : 'type+name', rural, highway: false }
    if (famous && info.roadClass >= 1.8) return { roadClass: Math.max(info.roadClass, 4), basis: 'type+name', rural: false, highway }
    // Streets named after the shopping or civic centre they serve ("City Centre Dr", "Town Centre
    // Blvd", "Plaza Dr") are its ring and access roads: minor-arterial traffic whatever their type.
    if (COMMERCIAL_NAME.test(name) && info.roadClass >= 1.8)
      return { roadClass: Math.max(info.roadClass, 3), basis: 'type+name', rural: false, highway }
    return { roadClass: info.roadClass, basis: 'type', rural: false, highway }
  }
  if (famous) return { roadClass: 4, basis: 'name', rural: false, highway: false }
  if (RURAL_NAME.test(name)) return { roadClass: 1.5, basis: 'name', rural: true, highway: false }
  return undefined
}
