// Hand-curated table of facts. Source: Statistics Canada, 2021 Census of Population, Census Profile
// (table 98-10-0057 / 98-316-X2021001), "Median total income of household in 2020 ($)".
// Oshawa, Calgary, Ottawa–Gatineau, Guelph, Barrie, Toronto, Edmonton, Kitchener–Cambridge–Waterloo
// and Hamilton were checked against the published list (rounded to $1,000 by Statistics Canada);
// the other values are transcribed rounded to the nearest $500 and should be re-checked against the source
// before any change of METHODOLOGY_VERSION; the engine only uses them through a smooth curve, so a
// ±$2,000 error moves the income factor by ~2 points and the overall score by ~0.2.
// Coordinates are the CMA's downtown (central business district), radiusKm an approximate radius
// of the CMA's built-up area, population the 2021 CMA population (rounded).

export interface CmaFact {
  name: string
  province: string
  lat: number
  lng: number
  radiusKm: number
  population: number
  medianHouseholdIncome: number
}

// prettier-ignore
export const CMAS: readonly CmaFact[] = [
  { name: 'Toronto', province: 'ON', lat: 43.6487, lng: -79.3817, radiusKm: 45, population: 6202000, medianHouseholdIncome: 97000 },
  { name: 'Montréal', province: 'QC', lat: 45.5017, lng: -73.5673, radiusKm: 40, population: 4292000, medianHouseholdIncome: 72000 },
  { name: 'Vancouver', province: 'BC', lat: 49.2838, lng: -123.1166, radiusKm: 35, population: 2643000, medianHouseholdIncome: 90000 },
  { name: 'Ottawa - Gatineau', province: 'ON', lat: 45.4215, lng: -75.6972, radiusKm: 30,
    population: 1489000, medianHouseholdIncome: 98000 },
  { name: 'Calgary', province: 'AB', lat: 51.0461, lng: -114.0660, radiusKm: 22, population: 1481000, medianHouseholdIncome: 100000 },
  { name: 'Edmonton', province: 'AB', lat: 53.5430, lng: -113.4937, radiusKm: 28, population: 1418000, medianHouseholdIncome: 96000 },
  { name: 'Québec', province: 'QC', lat: 46.8115, lng: -71.2090, radiusKm: 22, population: 839000, medianHouseholdIncome: 78000 },
  { name: 'Winnipeg', province: 'MB', lat: 49.8951, lng: -97.1384, radiusKm: 18, population: 834000, medianHouseholdIncome: 82000 },
  { name: 'Hamilton', province: 'ON', lat: 43.2567, lng: -79.8692, radiusKm: 18, population: 785000, medianHouseholdIncome: 91000 },
  { name: 'Kitchener - Cambridge - Waterloo', province: 'ON', lat: 43.4516, lng: -80.4925, radiusKm: 15,
    population: 576000, medianHouseholdIncome: 92000 },
  { name: 'London', province: 'ON', lat: 42.9837, lng: -81.2497, radiusKm: 14, population: 544000, medianHouseholdIncome: 78000 },
  { name: 'Halifax', province: 'NS', lat: 44.6476, lng: -63.5728, radiusKm: 18, population: 466000, medianHouseholdIncome: 80000 },
  { name: "St. Catharines - Niagara", province: 'ON', lat: 43.1594, lng: -79.2469, radiusKm: 20,
    population: 433000, medianHouseholdIncome: 77000 },
  { name: 'Windsor', province: 'ON', lat: 42.3167, lng: -83.0370, radiusKm: 14, population: 422000, medianHouseholdIncome: 78000 },
  { name: 'Oshawa', province: 'ON', lat: 43.8975, lng: -78.8625, radiusKm: 14, population: 415000, medianHouseholdIncome: 102000 },
  { name: 'Victoria', province: 'BC', lat: 48.4284, lng: -123.3656, radiusKm: 15, population: 397000, medianHouseholdIncome: 85000 },
  { name: 'Saskatoon', province: 'SK', lat: 52.1302, lng: -106.6600, radiusKm: 12, population: 317000, medianHouseholdIncome: 86000 },
  { name: 'Regina', province: 'SK', lat: 50.4478, lng: -104.6130, radiusKm: 10, population: 249000, medianHouseholdIncome: 91000 },
  { name: 'Sherbrooke', province: 'QC', lat: 45.4000, lng: -71.8900, radiusKm: 12, population: 227000, medianHouseholdIncome: 63000 },
  { name: 'Kelowna', province: 'BC', lat: 49.8863, lng: -119.4966, radiusKm: 14, population: 222000, medianHouseholdIncome: 82000 },
  { name: 'Barrie', province: 'ON', lat: 44.3894, lng: -79.6903, radiusKm: 10, population: 213000, medianHouseholdIncome: 97000 },
  { name: 'Abbotsford - Mission', province: 'BC', lat: 49.0504, lng: -122.3045, radiusKm: 12,
    population: 196000, medianHouseholdIncome: 89000 },
  { name: 'Kingston', province: 'ON', lat: 44.2312, lng: -76.4860, radiusKm: 10, population: 172000, medianHouseholdIncome: 80000 },
  { name: 'Greater Sudbury', province: 'ON', lat: 46.4917, lng: -80.9930, radiusKm: 15, population: 171000, medianHouseholdIncome: 84000 },
  { name: 'Saguenay', province: 'QC', lat: 48.4280, lng: -71.0686, radiusKm: 15, population: 161000, medianHouseholdIncome: 68000 },
  { name: 'Trois-Rivières', province: 'QC', lat: 46.3432, lng: -72.5434, radiusKm: 12, population: 161000, medianHouseholdIncome: 62000 },
  { name: 'Guelph', province: 'ON', lat: 43.5448, lng: -80.2482, radiusKm: 8, population: 166000, medianHouseholdIncome: 97000 },
  { name: 'Moncton', province: 'NB', lat: 46.0878, lng: -64.7782, radiusKm: 12, population: 158000, medianHouseholdIncome: 72000 },
  { name: 'Brantford', province: 'ON', lat: 43.1394, lng: -80.2644, radiusKm: 8, population: 144000, medianHouseholdIncome: 85000 },
  { name: 'Saint John', province: 'NB', lat: 45.2733, lng: -66.0633, radiusKm: 12, population: 131000, medianHouseholdIncome: 70000 },
  { name: 'Lethbridge', province: 'AB', lat: 49.6935, lng: -112.8418, radiusKm: 8, population: 124000, medianHouseholdIncome: 80000 },
  { name: 'Peterborough', province: 'ON', lat: 44.3091, lng: -78.3197, radiusKm: 8, population: 128000, medianHouseholdIncome: 77000 },
  { name: 'Thunder Bay', province: 'ON', lat: 48.3809, lng: -89.2477, radiusKm: 12, population: 123000, medianHouseholdIncome: 79000 },
  { name: 'Nanaimo', province: 'BC', lat: 49.1659, lng: -123.9401, radiusKm: 10, population: 115000, medianHouseholdIncome: 74000 },
  { name: 'Belleville - Quinte West', province: 'ON', lat: 44.1628, lng: -77.3832, radiusKm: 12,
    population: 112000, medianHouseholdIncome: 76000 },
  { name: 'Chilliwack', province: 'BC', lat: 49.1579, lng: -121.9515, radiusKm: 8, population: 113000, medianHouseholdIncome: 80000 },
  { name: 'Kamloops', province: 'BC', lat: 50.6745, lng: -120.3273, radiusKm: 10, population: 114000, medianHouseholdIncome: 82000 },
  { name: 'Fredericton', province: 'NB', lat: 45.9636, lng: -66.6431, radiusKm: 10, population: 109000, medianHouseholdIncome: 76000 },
  { name: 'Red Deer', province: 'AB', lat: 52.2681, lng: -113.8112, radiusKm: 7, population: 101000, medianHouseholdIncome: 87000 },
  { name: 'Drummondville', province: 'QC', lat: 45.8803, lng: -72.4843, radiusKm: 8, population: 102000, medianHouseholdIncome: 63000 },
  { name: "St. John's", province: 'NL', lat: 47.5615, lng: -52.7126, radiusKm: 12, population: 213000, medianHouseholdIncome: 86000 },
]

/** Same source, provincial/territorial medians; used outside every CMA. */
export const PROVINCE_MEDIAN_HOUSEHOLD_INCOME: Readonly<Record<string, number>> = {
  NL: 73000, PE: 73500, NS: 70500, NB: 68500, QC: 72500, ON: 91000, MB: 79500, SK: 82000,
  AB: 96000, BC: 85000, YT: 100000, NT: 127000, NU: 96000,
}

export const INCOME_VINTAGE = '2021 Census (2020 incomes)'
