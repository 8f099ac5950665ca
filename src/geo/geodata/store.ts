// Parsed geodata and spatial indexes, each made lazily once per isolate (the first request that
// needs a table pays a few milliseconds; every later call reuses it). The point indexes are restored from
// the build's (point-indexes.ts), not sorted here. Pure: the inputs are the bundled data modules.
import type KDBush from 'kdbush'
import { FSA_TEXT } from '../data/fsa.generated'
import { PLACES_TEXT } from '../data/places.generated'
import { STATIONS_TEXT } from '../data/stations.generated'
import { CMAS, type CmaFact } from '../data/cmas.generated'
import { type PointIndexName, pointIndex } from './point-indexes'
import { normalizeName } from './text'

/** A forward sortation area: where its people live and `radiusM`, the distance holding ~80 % of them (docs/fsa-audit.md). */
export interface Fsa {
  code: string
  lat: number
  lng: number
  province: string
  area: string
  rural: boolean
  radiusM: number
}
export interface Place {
  name: string
  lat: number
  lng: number
  province: string
  population: number
  featureCode: string
}
/** Per-place constants of the urban-context model, precomputed once (see context.ts). */
export interface PlaceModel {
  radiusKm: number
  coreRadiusKm: number
  coreStrength: number
}
export type StationMode = 'S' | 'L' | 'B' | 'C' | 'F'
export interface Station {
  name: string
  lat: number
  lng: number
  mode: StationMode
  system: string
}

export interface GeoStore {
  fsaByCode: Map<string, Fsa>
  /** Urban FSAs only (second character ≠ 0): rural FSAs cover whole regions and say nothing of density. */
  urbanFsaIndex: KDBush
  urbanFsas: Fsa[]
  places: Place[]
  placeModels: PlaceModel[]
  placeIndex: KDBush
  placesByName: Map<string, Place[]>
  stations: Station[]
  stationIndex: KDBush
  cmas: readonly CmaFact[]
}

let store: GeoStore | undefined

/** Mean density assumed inside a populated place when spreading its population as a disc. */
export const PLACE_MEAN_DENSITY = 1000

function placeModel(p: Place): PlaceModel {
  return {
    radiusKm: Math.sqrt(Math.max(p.population, 1) / (Math.PI * PLACE_MEAN_DENSITY)),
    // Town centres: bigger towns have bigger, busier cores; neighbourhoods (PPLX) weaker ones.
    coreRadiusKm: Math.min(1.5, 0.35 * (Math.max(p.population, 1000) / 1000) ** 0.35),
    coreStrength:
      p.population < 1000 ? 0 : Math.min(0.4, 0.1 + 0.1 * Math.log10(p.population / 1000)) * (p.featureCode === 'PPLX' ? 0.7 : 1),
  }
}

interface PlaceTables {
  places: Place[]
  asciiNames: string[]
  geoNamesPlaces: number
  placeModels: PlaceModel[]
  placeIndex: KDBush
}

function fsaRecords(): Fsa[] {
  return FSA_TEXT.split('\n').map((line) => {
    const [code, lat, lng, province, area, radiusM] = line.split('|')
    return { code, lat: Number(lat), lng: Number(lng), province, area, rural: code[1] === '0', radiusM: Number(radiusM) }
  })
}

function parseFsas(): Pick<GeoStore, 'fsaByCode' | 'urbanFsas' | 'urbanFsaIndex'> {
  const fsas = fsaRecords()
  const urbanFsas = fsas.filter((f) => !f.rural)
  return { fsaByCode: new Map(fsas.map((f) => [f.code, f])), urbanFsas, urbanFsaIndex: pointIndex('urbanFsas', urbanFsas) }
}

function placeRecords(): { places: Place[]; asciiNames: string[]; geoNamesPlaces: number } {
  const places: Place[] = []
  const asciiNames: string[] = []
  for (const line of PLACES_TEXT.split('\n')) {
    const [name, lat, lng, province, population, featureCode, ascii] = line.split('|')
    places.push({ name, lat: Number(lat), lng: Number(lng), province, population: Number(population), featureCode })
    asciiNames.push(ascii)
  }
  const geoNamesPlaces = places.length
  places.push(...FORMER_MUNICIPALITIES)
  return { places, asciiNames, geoNamesPlaces }
}

function parsePlaces(): PlaceTables {
  const { places, asciiNames, geoNamesPlaces } = placeRecords()
  return { places, asciiNames, geoNamesPlaces, placeModels: places.map(placeModel), placeIndex: pointIndex('places', places) }
}

function stationRecords(): Station[] {
  return STATIONS_TEXT.split('\n').map((line) => {
    const [name, lat, lng, mode, system] = line.split('|')
    return { name, lat: Number(lat), lng: Number(lng), mode: mode as StationMode, system }
  })
}

function parseStations(): Pick<GeoStore, 'stations' | 'stationIndex'> {
  const stations = stationRecords()
  return { stations, stationIndex: pointIndex('stations', stations) }
}

/** The points each index of point-indexes.ts holds, in index order: what `npm run build:point-indexes` indexes. */
export function pointIndexItems(): Record<PointIndexName, readonly { lat: number; lng: number }[]> {
  return { urbanFsas: fsaRecords().filter((f) => !f.rural), places: placeRecords().places, stations: stationRecords() }
}

/** Each table is parsed on first use: a point inside a big metro with census data needs neither the
 *  FSAs nor the places (context.ts), and only the geocoder needs the name index. */
function buildStore(): GeoStore {
  let fsas: ReturnType<typeof parseFsas> | undefined
  let places: PlaceTables | undefined
  let stations: ReturnType<typeof parseStations> | undefined
  let placesByName: Map<string, Place[]> | undefined
  const fsaTables = () => (fsas ??= parseFsas())
  const placeTables = () => (places ??= parsePlaces())
  const stationTables = () => (stations ??= parseStations())
  return {
    get fsaByCode() {
      return fsaTables().fsaByCode
    },
    get urbanFsas() {
      return fsaTables().urbanFsas
    },
    get urbanFsaIndex() {
      return fsaTables().urbanFsaIndex
    },
    get places() {
      return placeTables().places
    },
    get placeModels() {
      return placeTables().placeModels
    },
    get placeIndex() {
      return placeTables().placeIndex
    },
    get placesByName() {
      if (!placesByName) {
        const t = placeTables()
        placesByName = indexNames(t.places, t.asciiNames, t.geoNamesPlaces)
      }
      return placesByName
    },
    get stations() {
      return stationTables().stations
    },
    get stationIndex() {
      return stationTables().stationIndex
    },
    cmas: CMAS,
  }
}

/** Normalised name → places: GeoNames names and ASCII names, then the aliases, then the former municipalities. */
function indexNames(places: Place[], asciiNames: string[], geoNamesPlaces: number): Map<string, Place[]> {
  const placesByName = new Map<string, Place[]>()
  const addName = (name: string, place: Place) => {
    const key = normalizeName(name)
    const list = placesByName.get(key)
    if (!list) placesByName.set(key, [place])
    else if (!list.includes(place)) list.push(place)
  }
  for (let i = 0; i < geoNamesPlaces; i++) {
    addName(places[i].name, places[i])
    if (asciiNames[i]) addName(asciiNames[i], places[i])
  }
  for (const [alias, target, province] of CITY_ALIASES) {
    const place = placesByName.get(normalizeName(target))?.find((p) => p.province === province)
    if (place) addName(alias, place)
  }
  for (let i = geoNamesPlaces; i < places.length; i++) addName(places[i].name, places[i])
  return placesByName
}

export function geoStore(): GeoStore {
  store ??= buildStore()
  return store
}

// Common English names and abbreviations that GeoNames does not carry as the primary/ASCII name.
const CITY_ALIASES: [alias: string, target: string, province: string][] = [
  ['Quebec City', 'Québec', 'QC'],
  ['Ville de Québec', 'Québec', 'QC'],
  ['Montreal', 'Montréal', 'QC'],
  ['Greater Sudbury', 'Sudbury', 'ON'],
  ['Grand Sudbury', 'Sudbury', 'ON'],
  ['Mount Royal', 'Mont-Royal', 'QC'],
  ['Town of Mount Royal', 'Mont-Royal', 'QC'],
]

// Former municipalities amalgamated into Toronto (1998) are still written in addresses; GeoNames
// has no populated-place row for them. Centroids of the former municipalities, 2021 populations.
const FORMER_MUNICIPALITIES: Place[] = [
  { name: 'North York', lat: 43.7615, lng: -79.4111, province: 'ON', population: 690000, featureCode: 'PPLX' },
  { name: 'Scarborough', lat: 43.7731, lng: -79.2578, province: 'ON', population: 630000, featureCode: 'PPLX' },
  { name: 'Etobicoke', lat: 43.6435, lng: -79.565, province: 'ON', population: 365000, featureCode: 'PPLX' },
  { name: 'East York', lat: 43.691, lng: -79.328, province: 'ON', population: 115000, featureCode: 'PPLX' },
]
