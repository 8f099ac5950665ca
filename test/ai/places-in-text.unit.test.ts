// Issue 31 item 4: the places a question names, read by the built-in provider's rules (pure, no store):
// corners written loosely, postal codes, addresses written without their city, and a radius.
import { describe, expect, it } from 'vitest'
import { parseQuery } from '../../src/services/ai/builtin/parse-query'
import { postalCodesIn, radiusIn } from '../../src/services/ai/builtin/place-hints'

const targets = (q: string) => parseQuery(q).targets.map(({ kind, text }) => ({ kind, text }))

describe('corners written loosely', () => {
  it.each([
    ['Where should I put a sign for my coffee shop near Queen and Spadina in Toronto?', 'Queen & Spadina'],
    ['Best spot for a bakery sign at King & Bay, Toronto', 'King & Bay'],
    ['A good place for a gym around Dundas and Ossington in Toronto?', 'Dundas & Ossington'],
    ['Sign for my café by Main/Hastings, Vancouver', 'Main & Hastings'],
    ['Where should a bakery put a sign near Commercial Drive and 12th Avenue in Vancouver?', 'Commercial Drive & 12th Avenue'],
    ['Où installer une enseigne pour mon restaurant près de Bloor et Bathurst à Toronto?', 'Bloor & Bathurst'],
    ['Où mettre une enseigne pour mon café coin Sainte-Catherine et Peel à Montréal?', 'Sainte-Catherine & Peel'],
    ['Où mettre une enseigne au coin des rues Peel et Sainte-Catherine à Montréal?', 'Peel & Sainte-Catherine'],
    ['Une enseigne pour une boulangerie près de la rue Saint-Denis et de l’avenue du Mont-Royal à Montréal', 'Saint-Denis & Mont-Royal'],
  ])('%s → %s, and the city is still read', (query, corner) => {
    const parsed = parseQuery(query)
    expect(targets(query)).toEqual([{ kind: 'intersection', text: corner }])
    expect(parsed.city).not.toBeNull()
  })

  it('two towns joined by "and" are not a corner, and stay the places named', () => {
    const parsed = parseQuery('Compare sign spots near Toronto and Ottawa for a bakery')
    expect(parsed.targets).toEqual([])
    expect(parsed.city?.name).toBe('Toronto')
  })

  it('lower-case words after "near" are not streets', () => {
    expect(targets('Where should I put a sign near the park and the school in Halifax?')).toEqual([])
  })
})

describe('postal codes and forward sortation areas', () => {
  it('a full code or an FSA that exists is a place to locate; one that does not exist is not', () => {
    expect(targets('Best sign spot for a gym near M5V 2T6')).toEqual([{ kind: 'postal', text: 'M5V 2T6' }])
    expect(targets('Où mettre une enseigne pour un dépanneur dans H2X?')).toEqual([{ kind: 'postal', text: 'H2X' }])
    expect(targets('A sign for my café near m5v2t6')).toEqual([{ kind: 'postal', text: 'M5V 2T6' }])
    // D, F, I, O, Q and U are never used; W and Z never lead.
    expect(postalCodesIn('near D5V 2T6 or W1A', [])).toEqual([])
  })

  it('a postal code inside an address belongs to the address', () => {
    expect(targets('How good is 100 Queen St W, Toronto, ON M5H 2N2 for a bookstore?')).toEqual([
      { kind: 'address', text: '100 Queen St W, Toronto, ON M5H 2N2' },
    ])
  })
})

describe('addresses written without their city', () => {
  it('a civic number and a typed street take the city named elsewhere in the question', () => {
    const parsed = parseQuery('How good is 100 Queen St W for a bookstore in Toronto?')
    expect(parsed.targets).toMatchObject([{ kind: 'address', text: '100 Queen St W', cityless: true }])
    expect(parsed.city?.name).toBe('Toronto')
    expect(parseQuery('Quelle est la qualité du 1000 rue Sherbrooke O à Montréal pour une pharmacie?').targets).toMatchObject([
      { kind: 'address', cityless: true },
    ])
  })

  it('a distance is not a civic number', () => {
    const parsed = parseQuery('Where should I put a sign within 500 m of 100 Queen St W in Toronto?')
    expect(parsed.targets).toMatchObject([{ kind: 'address', text: '100 Queen St W' }])
    expect(parsed.radiusM).toBe(500)
  })
})

describe('the radius a question names', () => {
  it.each([
    ['within 800 m of King & Bay', 800],
    ['within 1.2 km of here', 1200],
    ['dans un rayon de 500 mètres', 500],
    ['à moins de 2 km du marché', 2000],
    ['within 10 km', 2000],
    ['within 5 m', 50],
  ])('"%s" → %i m (kept within the site finder’s 50–2,000 m)', (text, radiusM) => {
    expect(radiusIn(text)?.radiusM).toBe(radiusM)
  })

  it('none named: the search keeps its own radius', () => {
    expect(parseQuery('Where should I put a sign for my café near Queen and Spadina in Toronto?').radiusM).toBeUndefined()
  })
})
