// A small curated table of places people name in questions but the gazetteer (GeoNames populated
// places) does not hold: markets, historic districts, neighbourhoods, and the downtown of big cities
// (a GeoNames city position is often kilometres from downtown: Toronto's is in midtown). Pure.
// The table is data: geodata/curated/ai-landmarks.csv, compiled into tables.generated.ts; the README beside
// it says where each position comes from (every row names its source). Keep it small: docs/ai.md.
import { LANDMARKS, type Landmark } from './tables.generated'

export { LANDMARKS, type Landmark }

/** The downtown entry of a city, when the table has one. */
export const downtownOf = (city: string) => LANDMARKS.find((l) => l.kind === 'downtown' && l.city === city)
