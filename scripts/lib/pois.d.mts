// Types for scripts/lib/pois.mjs (imported by the tests).
export interface PoiRow { source: string; sourceId: string; name: string; address: string; type: string; lat: number; lng: number }
export interface ParsedPois { rows: PoiRow[]; skipped: string[] }
export const TYPE_KEYS: string[]
export const CANADA: { minLat: number; maxLat: number; minLng: number; maxLng: number }
export function osmAddress(properties: Record<string, unknown>): string
export function osmType(properties: Record<string, unknown>): string
export function parseGeoJson(text: string): ParsedPois
export function parseCsv(text: string, defaultSource?: string): ParsedPois
export function parsePoiFile(text: string, fileName: string): ParsedPois
export function poiUpsertStatements(rows: PoiRow[], options: { importedAt: string; newId: () => string; chunk?: number }): string[]
