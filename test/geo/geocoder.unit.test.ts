import { describe, it, expect } from 'vitest'
import { classifyStreet } from '../../src/geo/geodata'
import { geocodeOffline, parseAddress } from '../../src/geo/geocode'
import { distanceKm } from '../../src/geo/geodata/text'

type Case = {
  address: string
  province: string
  precision: 'postal_code' | 'city'
  near: [number, number]
  withinKm: number
  street?: { name: string; type?: string }
}

// City-centre reference coordinates (not taken from the bundled data).
const TORONTO: [number, number] = [43.6532, -79.3832]
const MONTREAL: [number, number] = [45.5019, -73.5674]
const VANCOUVER: [number, number] = [49.2827, -123.1207]

const CASES: Case[] = [
  // Ontario
  {
    address: '1 Yonge St, Toronto ON M5E 1W7',
    province: 'ON',
    precision: 'postal_code',
    near: TORONTO,
    withinKm: 3,
    street: { name: 'Yonge', type: 'St' },
  },
  {
    address: '100 Queen St W, Toronto, ON M5H 2N2',
    province: 'ON',
    precision: 'postal_code',
    near: TORONTO,
    withinKm: 2,
    street: { name: 'Queen', type: 'St' },
  },
  {
    address: '100 Queen St W Toronto ON M5H 2N2',
    province: 'ON',
    precision: 'postal_code',
    near: TORONTO,
    withinKm: 2,
    street: { name: 'Queen', type: 'St' },
  },
  {
    address: '301 Front St W, Toronto, Ontario M5V 2T6',
    province: 'ON',
    precision: 'postal_code',
    near: TORONTO,
    withinKm: 3,
    street: { name: 'Front', type: 'St' },
  },
  {
    address: 'Unit 5, 100 King St W, Toronto, ON M5X 1A9',
    province: 'ON',
    precision: 'postal_code',
    near: TORONTO,
    withinKm: 2,
    street: { name: 'King', type: 'St' },
  },
  {
    address: '24 Sussex Dr, Ottawa, ON K1M 1M4',
    province: 'ON',
    precision: 'postal_code',
    near: [45.4215, -75.6972],
    withinKm: 6,
    street: { name: 'Sussex', type: 'Dr' },
  },
  {
    address: '15 Birchwood Crt, Markham, ON L3R 6C4',
    province: 'ON',
    precision: 'postal_code',
    near: [43.8561, -79.337],
    withinKm: 8,
    street: { name: 'Birchwood', type: 'Crt' },
  },
  {
    address: '71 Main St W, Hamilton, ON L8P 4Y5',
    province: 'ON',
    precision: 'postal_code',
    near: [43.2557, -79.8711],
    withinKm: 4,
    street: { name: 'Main', type: 'St' },
  },
  { address: 'Sault Ste. Marie, Ontario', province: 'ON', precision: 'city', near: [46.5219, -84.3461], withinKm: 10 },
  { address: 'm5h2n2', province: 'ON', precision: 'postal_code', near: TORONTO, withinKm: 2 },
  // Québec (English and French forms)
  {
    address: '1000 rue De La Gauchetière O, Montréal, QC H3B 4W5',
    province: 'QC',
    precision: 'postal_code',
    near: MONTREAL,
    withinKm: 2,
    street: { name: 'De La Gauchetière', type: 'rue' },
  },
  {
    address: '1000, rue De La Gauchetière Ouest, Montréal (Québec) H3B 4W5',
    province: 'QC',
    precision: 'postal_code',
    near: MONTREAL,
    withinKm: 2,
    street: { name: 'De La Gauchetière', type: 'rue' },
  },
  {
    address: '275 rue Notre-Dame Est, Montréal, Québec H2Y 1C6',
    province: 'QC',
    precision: 'postal_code',
    near: MONTREAL,
    withinKm: 3,
    street: { name: 'Notre-Dame', type: 'rue' },
  },
  {
    address: '1200 boul. René-Lévesque O, Montréal, QC H3B 4W8',
    province: 'QC',
    precision: 'postal_code',
    near: MONTREAL,
    withinKm: 2,
    street: { name: 'René-Lévesque', type: 'boul' },
  },
  {
    address: '3500 chemin de la Côte-des-Neiges, Montréal QC H3H 1V2',
    province: 'QC',
    precision: 'postal_code',
    near: MONTREAL,
    withinKm: 4,
    street: { name: 'de la Côte-des-Neiges', type: 'chemin' },
  },
  {
    address: '1 rue des Carrières, Québec, QC G1R 4P5',
    province: 'QC',
    precision: 'postal_code',
    near: [46.8123, -71.2145],
    withinKm: 3,
    street: { name: 'des Carrières', type: 'rue' },
  },
  { address: '1200 Ste-Catherine O Montréal', province: 'QC', precision: 'city', near: MONTREAL, withinKm: 8 },
  { address: 'h3b4w5', province: 'QC', precision: 'postal_code', near: MONTREAL, withinKm: 2 },
  { address: 'Trois-Rivières, Québec', province: 'QC', precision: 'city', near: [46.3432, -72.5434], withinKm: 8 },
  { address: 'Rimouski, QC', province: 'QC', precision: 'city', near: [48.4489, -68.5236], withinKm: 10 },
  { address: 'Quebec City, QC', province: 'QC', precision: 'city', near: [46.8139, -71.208], withinKm: 8 },
  // British Columbia
  {
    address: '800 Robson St, Vancouver BC V6Z 3B7',
    province: 'BC',
    precision: 'postal_code',
    near: VANCOUVER,
    withinKm: 2,
    street: { name: 'Robson', type: 'St' },
  },
  {
    address: '4700 Kingsway, Burnaby, BC V5H 4N2',
    province: 'BC',
    precision: 'postal_code',
    near: [49.2276, -123.0076],
    withinKm: 3,
    street: { name: 'Kingsway' },
  },
  { address: 'V6Z-3B7', province: 'BC', precision: 'postal_code', near: VANCOUVER, withinKm: 2 },
  { address: 'Kelowna, Colombie-Britannique', province: 'BC', precision: 'city', near: [49.888, -119.496], withinKm: 8 },
  // Prairies
  {
    address: '800 Macleod Trail SE, Calgary, AB T2G 2M3',
    province: 'AB',
    precision: 'postal_code',
    near: [51.0447, -114.0719],
    withinKm: 4,
    street: { name: 'Macleod', type: 'Trail' },
  },
  {
    address: '1 Sir Winston Churchill Sq, Edmonton, AB T5J 2R7',
    province: 'AB',
    precision: 'postal_code',
    near: [53.5461, -113.4938],
    withinKm: 3,
    street: { name: 'Sir Winston Churchill', type: 'Sq' },
  },
  {
    address: '510 Main St, Winnipeg, MB R3B 1B9',
    province: 'MB',
    precision: 'postal_code',
    near: [49.8951, -97.1384],
    withinKm: 3,
    street: { name: 'Main', type: 'St' },
  },
  { address: 'Brandon, MB', province: 'MB', precision: 'city', near: [49.8485, -99.95], withinKm: 8 },
  {
    address: '2476 Victoria Ave, Regina, SK S4P 3C8',
    province: 'SK',
    precision: 'postal_code',
    near: [50.4452, -104.6189],
    withinKm: 3,
    street: { name: 'Victoria', type: 'Ave' },
  },
  // 6 km (was 4): S7K spans downtown and the north industrial area; the 2021 StatCan centroid (kept: people
  // live around it) is 4.9 km north of this downtown address, well inside the FSA's 7.8 km radius.
  {
    address: '222 3rd Ave N, Saskatoon, SK S7K 0J5',
    province: 'SK',
    precision: 'postal_code',
    near: [52.1332, -106.67],
    withinKm: 6,
    street: { name: '3rd', type: 'Ave' },
  },
  // Atlantic
  {
    address: '1841 Argyle St, Halifax, NS B3J 3A5',
    province: 'NS',
    precision: 'postal_code',
    near: [44.6488, -63.5752],
    withinKm: 3,
    street: { name: 'Argyle', type: 'St' },
  },
  {
    address: '655 Main St, Moncton, NB E1C 1E8',
    province: 'NB',
    precision: 'postal_code',
    near: [46.0878, -64.7782],
    withinKm: 4,
    street: { name: 'Main', type: 'St' },
  },
  // 6 km (was 4): E3B covers downtown and the south side of Fredericton out into farmland (both sources put
  // it 22-25 km south); it is placed on the population of its south side, 5.1 km from this downtown address.
  {
    address: 'Suite 200, 397 Queen St, Fredericton, NB E3B 1B5',
    province: 'NB',
    precision: 'postal_code',
    near: [45.9636, -66.6431],
    withinKm: 6,
    street: { name: 'Queen', type: 'St' },
  },
  { address: 'Moncton, Nouveau-Brunswick', province: 'NB', precision: 'city', near: [46.0878, -64.7782], withinKm: 8 },
  {
    address: '199 Queen St, Charlottetown, PE C1A 4B7',
    province: 'PE',
    precision: 'postal_code',
    near: [46.2382, -63.1311],
    withinKm: 4,
    street: { name: 'Queen', type: 'St' },
  },
  { address: 'Charlottetown, Île-du-Prince-Édouard', province: 'PE', precision: 'city', near: [46.2382, -63.1311], withinKm: 6 },
  {
    address: "10 New Gower St, St. John's, NL A1C 5M2",
    province: 'NL',
    precision: 'postal_code',
    near: [47.5615, -52.7126],
    withinKm: 4,
    street: { name: 'New Gower', type: 'St' },
  },
  { address: "St. John's, Newfoundland and Labrador", province: 'NL', precision: 'city', near: [47.5615, -52.7126], withinKm: 6 },
  // Territories
  {
    address: '100 Main St, Yellowknife, NT',
    province: 'NT',
    precision: 'city',
    near: [62.454, -114.3718],
    withinKm: 6,
    street: { name: 'Main', type: 'St' },
  },
  {
    address: '4807 52 St, Yellowknife, NT X1A 2N5',
    province: 'NT',
    precision: 'postal_code',
    near: [62.454, -114.3718],
    withinKm: 8,
    street: { name: '52', type: 'St' },
  },
  {
    address: '2121 2nd Ave, Whitehorse, YT Y1A 1C2',
    province: 'YT',
    precision: 'postal_code',
    near: [60.7212, -135.0568],
    withinKm: 8,
    street: { name: '2nd', type: 'Ave' },
  },
  { address: 'Whitehorse, Yukon', province: 'YT', precision: 'city', near: [60.7212, -135.0568], withinKm: 6 },
  {
    address: '901 Niaqunngusiaq Rd, Iqaluit, NU X0A 0H0',
    province: 'NU',
    precision: 'city',
    near: [63.7467, -68.517],
    withinKm: 6,
    street: { name: 'Niaqunngusiaq', type: 'Rd' },
  },
  { address: 'Iqaluit, Nunavut', province: 'NU', precision: 'city', near: [63.7467, -68.517], withinKm: 6 },
]

describe('geocodeOffline: real-world Canadian address forms', () => {
  it('covers all 13 provinces and territories, English and French', () => {
    expect(new Set(CASES.map((c) => c.province)).size).toBe(13)
    expect(CASES.length).toBeGreaterThanOrEqual(40)
  })

  for (const c of CASES) {
    it(c.address, () => {
      const result = geocodeOffline(c.address)
      expect(result, 'should geocode').not.toBeNull()
      expect(result!.precision).toBe(c.precision)
      expect(result!.province).toBe(c.province)
      expect(distanceKm(result!.lat, result!.lng, c.near[0], c.near[1])).toBeLessThan(c.withinKm)
      if (c.street) expect(result!.street).toEqual(c.street)
      expect(result!.address.length).toBeGreaterThan(0)
    })
  }

  it('formats the display address with the resolved city, province and postal code', () => {
    expect(geocodeOffline('100 queen st w, toronto, on m5h2n2')!.address).toBe('100 queen st W, Toronto, ON M5H 2N2')
    expect(geocodeOffline('Yellowknife')!.address).toBe('Yellowknife, NT')
  })

  it('a postal code outranks a city in another province', () => {
    const result = geocodeOffline('100 Main St, Springfield, ON M5H 2N2')
    expect(result!.precision).toBe('postal_code')
    expect(result!.province).toBe('ON')
  })

  for (const failure of [
    '',
    '   ',
    'asdfghjkl',
    '123 Fake Street',
    'Atlantis, ON',
    '1600 Pennsylvania Ave NW, Washington, DC 20500',
    'D1A 1A1',
    'Ontario',
  ]) {
    it(`fails cleanly: ${JSON.stringify(failure)}`, () => {
      expect(geocodeOffline(failure)).toBeNull()
    })
  }
})

describe('parseAddress', () => {
  it('reads civic number, unit, type, direction, city, province and postal code', () => {
    expect(parseAddress('Unit 12, 5100 Hurontario St N, Mississauga, ON L4Z3X7')).toEqual({
      unit: '12',
      civicNumber: '5100',
      street: { name: 'Hurontario', type: 'St', direction: 'N' },
      city: 'Mississauga',
      province: 'ON',
      postalCode: 'L4Z 3X7',
      fsa: 'L4Z',
    })
  })

  it('reads French leading types and directions', () => {
    const p = parseAddress('1000, rue Sainte-Catherine Ouest, bureau 300, Montréal (Québec) H3B 1K1')
    expect(p.civicNumber).toBe('1000')
    expect(p.street).toEqual({ name: 'Sainte-Catherine', type: 'rue', direction: 'O', typeFirst: true })
    expect(p.unit).toBe('300')
    expect(p.city).toBe('Montréal')
    expect(p.province).toBe('QC')
  })

  it('reads unit-civic hyphen form and numbered highways', () => {
    expect(parseAddress('5-100 Main St E, Hamilton, ON')).toMatchObject({
      unit: '5',
      civicNumber: '100',
      street: { name: 'Main', type: 'St', direction: 'E' },
    })
    expect(parseAddress('12345 Highway 7, Markham, ON').street).toMatchObject({ name: '7', type: 'Highway' })
    expect(parseAddress('53022 Range Road 232, Sherwood Park, AB').street).toMatchObject({ name: '232', type: 'Range Road' })
    expect(parseAddress('1500 Avenue Rd, Toronto, ON').street).toMatchObject({ name: 'Avenue', type: 'Rd' })
    expect(parseAddress('5000 avenue du Parc, Montréal, QC').street).toMatchObject({ name: 'du Parc', type: 'avenue' })
  })

  it('reads Vancouver-style leading directions and intersections', () => {
    expect(parseAddress('1055 W Georgia St, Vancouver, BC V6E 3P3').street).toEqual({ name: 'Georgia', type: 'St', direction: 'W' })
    expect(classifyStreet({ name: 'Yonge & Dundas' })?.roadClass).toBe(4)
    expect(classifyStreet({ name: 'Maple Cres & Elm', type: 'Cres' })?.roadClass).toBe(1)
  })

  it('accepts province names and codes in either language', () => {
    for (const [text, code] of [
      ['Halifax, Nouvelle-Écosse', 'NS'],
      ['Halifax, N.S.', 'NS'],
      ['Regina, Sask.', 'SK'],
      ['Yellowknife, Territoires du Nord-Ouest', 'NT'],
      ['Victoria, B.C.', 'BC'],
      ['Gatineau, PQ', 'QC'],
    ] as const) {
      expect(parseAddress(text).province, text).toBe(code)
    }
  })
})

describe('robustness', () => {
  it('a bare name that is both province and city resolves to the city', () => {
    expect(geocodeOffline('Québec')).toMatchObject({ city: 'Québec', province: 'QC', precision: 'city' })
    expect(geocodeOffline('Québec, QC')).toMatchObject({ city: 'Québec', province: 'QC' })
  })

  it('never throws on arbitrary input', async () => {
    const fc = await import('fast-check')
    const piece = fc.constantFrom(
      '100',
      '5-20',
      '#3',
      'Unit 4',
      'rue',
      'St',
      'W',
      'O',
      'Toronto',
      'QC',
      'ON',
      'M5H 2N2',
      'h3b4w5',
      ',',
      ' ',
      '(Québec)',
      'Range Road',
      'Hwy',
      '',
      'Canada',
      'N.-B.',
      'é',
      '-',
      '.',
    )
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 120 }),
          fc.array(piece, { maxLength: 12 }).map((a) => a.join(' ')),
        ),
        (text) => {
          const result = geocodeOffline(text)
          if (result) {
            expect(result.lat).toBeGreaterThan(41)
            expect(result.lat).toBeLessThan(84)
            expect(result.lng).toBeGreaterThan(-142)
            expect(result.lng).toBeLessThan(-52)
          }
        },
      ),
      { numRuns: 2000, seed: 20261123 },
    )
  })
})
