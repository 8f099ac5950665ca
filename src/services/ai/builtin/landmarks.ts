// A small curated table of places people name in questions but the gazetteer (GeoNames populated
// places) does not hold: markets, historic districts, neighbourhoods, and the downtown of big cities
// (a GeoNames city position is often kilometres from downtown: Toronto's is in midtown). Pure.
//
// Every position is a point of a named street or address in an open data set the project already
// uses, rounded to 4 decimals (~10 m), so it can be checked: the source says which row. It marks the
// landmark's main street or entrance, not its footprint; `radiusM` is how far around it the site
// finder searches. Attribution: © OpenStreetMap contributors (ODbL 1.0) for "OSM address"; Statistics
// Canada Road Network File 2021 (Statistics Canada Open Licence); City of Edmonton, City of Calgary and
// City of Vancouver open data (their Open Government Licences). Keep it small: docs/ai.md.
import type { ProvinceCode } from '../../../geo/geodata'

export interface Landmark {
  label: string
  kind: 'landmark' | 'neighbourhood' | 'street' | 'downtown'
  /** Folded names (taxonomy.ts fold()) that name it in a question. */
  names: string[]
  city: string
  province: ProvinceCode
  lat: number
  lng: number
  radiusM: number
  source: string
}

const OSM = (address: string) => `OpenStreetMap address point, ${address} (© OpenStreetMap contributors, ODbL 1.0)`
const RNF = (street: string) => `Statistics Canada Road Network File 2021, centreline of ${street}, Ottawa`

export const LANDMARKS: readonly Landmark[] = [
  {
    label: 'Marché Jean-Talon',
    kind: 'landmark',
    names: ['marche jean talon', 'jean talon market'],
    city: 'Montréal',
    province: 'QC',
    lat: 45.5362,
    lng: -73.6142,
    radiusM: 300,
    source: OSM('7070 avenue Henri-Julien, Montréal'),
  },
  {
    label: 'Vieux-Montréal',
    kind: 'neighbourhood',
    names: ['vieux montreal', 'old montreal', 'vieux port de montreal', 'old port of montreal'],
    city: 'Montréal',
    province: 'QC',
    lat: 45.5077,
    lng: -73.5521,
    radiusM: 500,
    source: OSM('321 place Jacques-Cartier, Montréal'),
  },
  {
    label: 'Plateau-Mont-Royal',
    kind: 'neighbourhood',
    names: ['plateau mont royal', 'le plateau', 'the plateau'],
    city: 'Montréal',
    province: 'QC',
    lat: 45.5203,
    lng: -73.5864,
    radiusM: 600,
    source: OSM('1 avenue du Mont-Royal Est, Montréal'),
  },
  {
    label: 'Mile End',
    kind: 'neighbourhood',
    names: ['mile end'],
    city: 'Montréal',
    province: 'QC',
    lat: 45.5241,
    lng: -73.6003,
    radiusM: 500,
    source: OSM('124 rue Saint-Viateur Ouest, Montréal'),
  },
  {
    label: 'Quartier latin',
    kind: 'neighbourhood',
    names: ['quartier latin', 'latin quarter'],
    city: 'Montréal',
    province: 'QC',
    lat: 45.5146,
    lng: -73.562,
    radiusM: 400,
    source: OSM('1551 rue Saint-Denis, Montréal'),
  },
  {
    label: 'centre-ville de Montréal',
    kind: 'downtown',
    names: [],
    city: 'Montréal',
    province: 'QC',
    lat: 45.5003,
    lng: -73.5723,
    radiusM: 600,
    source: OSM('1010 rue Sainte-Catherine Ouest, Montréal'),
  },
  {
    label: 'Vieux-Québec',
    kind: 'neighbourhood',
    names: ['vieux quebec', 'old quebec', 'old quebec city'],
    city: 'Québec',
    province: 'QC',
    lat: 46.8119,
    lng: -71.2069,
    radiusM: 500,
    source: OSM('26 rue Saint-Louis, Québec'),
  },
  {
    label: 'Saint-Roch (centre-ville de Québec)',
    kind: 'downtown',
    names: ['saint roch', 'quartier saint roch'],
    city: 'Québec',
    province: 'QC',
    lat: 46.8133,
    lng: -71.2279,
    radiusM: 500,
    source: OSM('240 rue Saint-Joseph Est, Québec'),
  },
  {
    label: 'Kensington Market',
    kind: 'neighbourhood',
    names: ['kensington market', 'marche kensington'],
    city: 'Toronto',
    province: 'ON',
    lat: 43.653,
    lng: -79.4015,
    radiusM: 300,
    source: OSM('160 Augusta Avenue, Toronto'),
  },
  {
    label: 'Distillery District',
    kind: 'neighbourhood',
    names: ['distillery district', 'the distillery'],
    city: 'Toronto',
    province: 'ON',
    lat: 43.6519,
    lng: -79.3567,
    radiusM: 300,
    source: OSM('100 Mill Street, Toronto'),
  },
  {
    label: 'Yorkville',
    kind: 'neighbourhood',
    names: ['yorkville'],
    city: 'Toronto',
    province: 'ON',
    lat: 43.6719,
    lng: -79.3889,
    radiusM: 400,
    source: OSM('34 Yorkville Avenue, Toronto'),
  },
  {
    label: 'downtown Toronto',
    kind: 'downtown',
    names: ['financial district'],
    city: 'Toronto',
    province: 'ON',
    lat: 43.6486,
    lng: -79.3817,
    radiusM: 600,
    source: OSM('100 King Street West, Toronto'),
  },
  {
    label: 'ByWard Market',
    kind: 'landmark',
    names: ['byward market', 'byward', 'marche by'],
    city: 'Ottawa',
    province: 'ON',
    lat: 45.4285,
    lng: -75.6918,
    radiusM: 300,
    source: RNF('York Street'),
  },
  {
    label: 'downtown Ottawa',
    kind: 'downtown',
    names: ['sparks street'],
    city: 'Ottawa',
    province: 'ON',
    lat: 45.4232,
    lng: -75.6966,
    radiusM: 600,
    source: RNF('Sparks Street'),
  },
  {
    label: 'The Glebe',
    kind: 'neighbourhood',
    names: ['the glebe', 'glebe'],
    city: 'Ottawa',
    province: 'ON',
    lat: 45.4098,
    lng: -75.6923,
    radiusM: 400,
    source: RNF('Bank Street'),
  },
  {
    label: 'Gastown',
    kind: 'neighbourhood',
    names: ['gastown'],
    city: 'Vancouver',
    province: 'BC',
    lat: 49.2836,
    lng: -123.1068,
    radiusM: 300,
    source: 'City of Vancouver property addresses, 102 Water St (Open Government Licence – Vancouver)',
  },
  {
    label: 'downtown Vancouver',
    kind: 'downtown',
    names: [],
    city: 'Vancouver',
    province: 'BC',
    lat: 49.2822,
    lng: -123.1195,
    radiusM: 600,
    source: 'City of Vancouver property addresses, 725 Granville St (Open Government Licence – Vancouver)',
  },
  {
    label: 'Whyte Avenue (Old Strathcona)',
    kind: 'street',
    names: ['whyte avenue', 'whyte ave', 'old strathcona'],
    city: 'Edmonton',
    province: 'AB',
    lat: 53.5181,
    lng: -113.4962,
    radiusM: 400,
    source: 'City of Edmonton traffic count site 237892, 82 Avenue west of Gateway Boulevard (Open Government Licence – Edmonton)',
  },
  {
    label: 'downtown Edmonton',
    kind: 'downtown',
    names: [],
    city: 'Edmonton',
    province: 'AB',
    lat: 53.5411,
    lng: -113.4912,
    radiusM: 600,
    source: 'City of Edmonton traffic count site 100684, Jasper Avenue west of 100 Street (Open Government Licence – Edmonton)',
  },
  {
    label: 'downtown Calgary',
    kind: 'downtown',
    names: [],
    city: 'Calgary',
    province: 'AB',
    lat: 51.0483,
    lng: -114.0604,
    radiusM: 600,
    source: 'City of Calgary traffic volumes 2018, section 5AVS12 on 5 Avenue SW (Open Government Licence – City of Calgary)',
  },
]

/** The downtown entry of a city, when the table has one. */
export const downtownOf = (city: string) => LANDMARKS.find((l) => l.kind === 'downtown' && l.city === city)
