// Address forms found by research/probe-scoring.mjs that the parser/geocoder got wrong, and the
// US side of the border inside Canada's bounding box.
import { describe, it, expect } from 'vitest'
import { geocodeOffline, parseAddress } from '../../src/geo/geocode'
import { isInUnitedStates } from '../../src/geo/geodata'

describe('delivery designations are recognised, never taken for a street or a city', () => {
  it.each([
    ['PO Box 123, Gibbons AB T0A 1N0', '123'],
    ['P.O. Box 45, Yellowknife NT X1A 2N1', '45'],
    ['C.P. 123, Rimouski QC G5L 7C1', '123'],
    ['Case postale 55, Succ. Centre-ville, Montréal QC H3C 3A7', '55'],
    ['General Delivery, Iqaluit NU X0A 0H0', 'general delivery'],
    ['Box 200, Inuvik, NT', '200'],
  ])('%s → PO box %s, no street', (address, box) => {
    const parsed = parseAddress(address)
    expect(parsed.poBox).toBe(box)
    expect(parsed.street).toBeUndefined()
    const g = geocodeOffline(address)
    expect(g, address).not.toBeNull()
    expect(g!.address).not.toMatch(/box|C\.P\.|Succ/i)
  })

  it('rural routes: "RR 2" / "R.R. #1" / Site–Comp as a segment or after the street flag rural delivery', () => {
    expect(parseAddress('123 Smith Rd, RR 2, Gibbons AB T0A 1N0')).toMatchObject({
      ruralRoute: true,
      civicNumber: '123',
      street: { name: 'Smith', type: 'Rd' },
      city: 'Gibbons',
    })
    expect(parseAddress('123 Smith Rd RR 2, Gibbons AB')).toMatchObject({ ruralRoute: true, street: { name: 'Smith', type: 'Rd' } })
    expect(parseAddress('456 Lakeshore Dr, R.R. #1, Huntsville ON')).toMatchObject({
      ruralRoute: true,
      street: { name: 'Lakeshore', type: 'Dr' },
    })
    expect(parseAddress('RR 1, Site 5, Comp 12, Olds, AB T4H 1P2')).toMatchObject({ ruralRoute: true, city: 'Olds' })
    expect(geocodeOffline('123 Smith Rd, RR 2, Gibbons AB T0A 1N0')).toMatchObject({
      ruralRoute: true,
      ruralPostalCode: true,
      precision: 'city',
    })
    expect(geocodeOffline('100 Queen St W, Toronto, ON M5H 2N2')?.ruralRoute).toBeUndefined()
  })

  it('rural road types in their common abbreviations', () => {
    expect(parseAddress('54012 Range Rd 232, AB T8R 1B4').street).toMatchObject({ type: 'Range Rd', name: '232' })
    expect(parseAddress('23 Twp Rd 530, Stony Plain AB').street).toMatchObject({ type: 'Twp Rd', name: '530' })
    expect(parseAddress('3456 Line 7, Caledon ON').street).toMatchObject({ type: 'Line', name: '7' })
    expect(parseAddress('1234 Rural Route 1, Moosomin SK').street).toMatchObject({ type: 'Rural Route', name: '1' })
  })
})

describe('unit numbers in the forms people type', () => {
  it.each([
    ['app. 3, 45 croissant des Érables, Laval QC', '3', 'des Érables'],
    ['Unit 5 - 900 Granville Street, Vancouver', '5', 'Granville'],
    ['#4-250 Yonge St, Toronto, ON M5B 2L7', '4', 'Yonge'],
    ['100 King St W Suite 200, Toronto ON', '200', 'King'],
    ['977, rue Sainte-Catherine Ouest, bureau 300, Montréal (Québec) H3B 4W3', '300', 'Sainte-Catherine'],
  ])('%s → unit %s on %s', (address, unit, street) => {
    const parsed = parseAddress(address)
    expect(parsed.unit).toBe(unit)
    expect(parsed.street?.name).toBe(street)
    expect(geocodeOffline(address)?.street?.name).toBe(street)
  })
})

describe('the US side of the border is not Canada', () => {
  const US: [string, number, number][] = [
    ['Detroit', 42.3314, -83.0458],
    ['Port Huron', 42.9709, -82.4249],
    ['Buffalo', 42.8864, -78.8784],
    ['Niagara Falls NY', 43.0962, -79.0377],
    ['Sault Ste. Marie MI', 46.4953, -84.3453],
    ['Massena', 44.9281, -74.8919],
    ['Ogdensburg', 44.694, -75.486],
    ['Calais', 45.1884, -67.2786],
    ['Madawaska ME', 47.3553, -68.3317],
    ['International Falls', 48.595, -93.41],
    ['Blaine', 48.9937, -122.7471],
    ['Seattle', 47.6062, -122.3321],
    ['Port Angeles', 48.1181, -123.4307],
    ['Cleveland', 41.4993, -81.6944],
    ['Gaylord MI', 45.0, -84.0],
    ['Hyder AK', 55.9161, -130.0247],
    ['Juneau', 58.3, -134.42],
    ['Ketchikan', 55.34, -131.64],
    ['Alaska at 141.5° W', 61.2, -141.5],
  ]
  const CANADA: [string, number, number][] = [
    ['Windsor', 42.317, -83.037],
    ['Sarnia', 42.9745, -82.4066],
    ['Fort Erie', 42.905, -78.93],
    ['Niagara Falls ON', 43.0896, -79.0849],
    ['Sault Ste. Marie ON', 46.5219, -84.3461],
    ['Cornwall', 45.0213, -74.7303],
    ['Prescott', 44.711, -75.516],
    ['St. Stephen', 45.1936, -67.2766],
    ['Edmundston', 47.3737, -68.3251],
    ['Fort Frances', 48.61, -93.4],
    ['White Rock', 49.0253, -122.8026],
    ['Victoria', 48.4284, -123.3656],
    ['Pelee Island', 41.77, -82.65],
    ['Amherstburg', 42.1, -83.11],
    ['Stewart BC', 55.9361, -129.9906],
    ['Prince Rupert', 54.31, -130.32],
    ['Atlin', 59.58, -133.69],
    ['Haines Junction', 60.75, -137.5],
    ['Campobello', 44.88, -66.93],
    ['Yarmouth', 43.84, -66.12],
  ]
  it.each(US)('%s is in the United States', (_, lat, lng) => expect(isInUnitedStates(lat, lng)).toBe(true))
  it.each(CANADA)('%s is in Canada', (_, lat, lng) => expect(isInUnitedStates(lat, lng)).toBe(false))
})

describe('a neighbourhood named before its city locates the neighbourhood', () => {
  it('"The Annex, Toronto" and "Notre-Dame-de-Grâce, Montréal" are places, not streets', () => {
    expect(geocodeOffline('The Annex, Toronto')).toMatchObject({ city: 'Annex', address: 'Annex, Toronto, ON', precision: 'city' })
    expect(geocodeOffline('The Annex, Toronto')?.street).toBeUndefined()
    expect(geocodeOffline('Notre-Dame-de-Grâce, Montréal')).toMatchObject({ city: 'Notre-Dame-de-Grâce', province: 'QC' })
  })

  it('a street name with no type stays a street ("Broadway, Vancouver")', () => {
    expect(geocodeOffline('Broadway, Vancouver')?.street?.name).toBe('Broadway')
  })
})

describe("a civic number's letter or half written apart", () => {
  it.each([
    ['100-A Queen St W, Toronto', '100A', 'Queen'],
    ['100 A Queen St W, Toronto', '100A', 'Queen'],
    ['100 1/2 Queen St W, Toronto', '100', 'Queen'],
    ['100 A St, Toronto', '100', 'A'],
    ['5-100 Queen St W, Toronto', '100', 'Queen'],
  ])('%s → number %s on %s (were a street named "100-A Queen")', (text, civicNumber, name) => {
    expect(parseAddress(text)).toMatchObject({ civicNumber, street: { name } })
  })
})

describe('a city that is also a province', () => {
  it('"334 12e Rue, Québec" keeps Québec as the city after a street (the ordinal "12e Rue" is the name, as address files write it)', () => {
    const parsed = parseAddress('334 12e Rue, Québec', (name) => name === 'quebec')
    expect(parsed).toMatchObject({ civicNumber: '334', city: 'Québec', province: 'QC', street: { name: '12e Rue' } })
    // Alone after a city, the name stays a province.
    expect(parseAddress('Lévis, Québec', (name) => name === 'quebec' || name === 'levis')).toMatchObject({ city: 'Lévis', province: 'QC' })
  })

  it('"Rue Saint-Jean, Québec": a street without a number, then Québec, is in the city of Québec (was no result at all)', () => {
    expect(parseAddress('Rue Saint-Jean, Québec', (name) => name === 'quebec')).toMatchObject({ city: 'Québec', province: 'QC' })
    expect(parseAddress('boulevard Laurier, Quebec', (name) => name === 'quebec')).toMatchObject({ city: 'Quebec', province: 'QC' })
    expect(geocodeOffline('Rue Saint-Jean, Québec')).toMatchObject({ province: 'QC' })
    expect(parseAddress('Montréal, Québec', (name) => name === 'quebec' || name === 'montreal')).toMatchObject({ city: 'Montréal' })
  })

  it('"Grande Allée Est, Québec": a French type inside the name, and a direction after it, still read as a street', () => {
    const known = (name: string) => name === 'quebec' || name === 'mont tremblant'
    expect(parseAddress('Grande Allée Est, Québec', known)).toMatchObject({ city: 'Québec', province: 'QC', street: { direction: 'E' } })
    expect(parseAddress('Petite Rue Champlain, Québec', known)).toMatchObject({ city: 'Québec', province: 'QC' })
    // A town whose name holds no street type stays a town of the province.
    expect(parseAddress('Mont Tremblant, Québec', known)).toMatchObject({ city: 'Mont Tremblant', province: 'QC' })
  })
})
