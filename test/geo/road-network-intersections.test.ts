// An intersection where the geodata store has no geometry of either street (the test D1 is empty):
// the API keeps the typed streets for road class instead of guessing one from the city position.
// Intersections from the Ottawa network's centrelines: test/node/ottawa-network.test.ts (the store artefact).
import { describe, it, expect } from 'vitest'
import { call, createKey } from '../helpers/api'

describe('intersections without geometry', () => {
  it('an intersection where no geometry is loaded stays at the city position but keeps its streets for road class', async () => {
    const { key } = await createKey('free')
    const res = await call('/api/v1/score', { key, body: { address: 'Yonge and Dundas, Toronto' } })
    expect(res.status).toBe(200)
    expect(res.json.precision).toBe('city')
    expect(res.json.address).toMatch(/^Yonge.*&.*Dundas.*, Toronto/)
    // Yonge is a major arterial: the street, not a guess from the city position, sets the class.
    expect(res.json.factorScores.roadClass.raw.value).toBeGreaterThanOrEqual(4)
    expect(res.json.factorScores.roadClass.raw.method).toMatch(/^street/)
  })
})
