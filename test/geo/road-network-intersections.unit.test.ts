// An intersection where the geodata store has no geometry of either street (an empty store, in Node):
// the score keeps the typed streets for road class instead of guessing one from the city position.
// Intersections from the Ottawa network's centrelines: test/node/ottawa-network.test.ts (the store artefact).
import { describe, it, expect } from 'vitest'
import { memoryStore } from '../helpers/memory-store'

describe('intersections without geometry', () => {
  it('an intersection where no geometry is loaded stays at the city position but keeps its streets for road class', async () => {
    const res = await memoryStore().score({ address: 'Yonge and Dundas, Toronto' })
    expect(res.precision).toBe('city')
    expect(res.address).toMatch(/^Yonge.*&.*Dundas.*, Toronto/)
    // Yonge is a major arterial: the street, not a guess from the city position, sets the class.
    expect(res.factorScores.roadClass.raw.value).toBeGreaterThanOrEqual(4)
    expect(res.factorScores.roadClass.raw.method).toMatch(/^street/)
  })
})
