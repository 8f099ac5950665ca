// Issue 25: built-in /ai/weights, taxonomy → weight profile with a 2–3 sentence rationale.
import { describe, expect, it } from 'vitest'
import { call, createKey } from '../helpers/api'
import { DEFAULT_WEIGHTS } from '../../src/scoring'
import { BUSINESS_TYPES } from '../../src/services/ai/builtin/taxonomy'
import { builtinProfile } from '../../src/services/ai/builtin/weights'
import { FACTOR_KEYS, FRESH_ENV, aiCall, sumOf } from './support'

const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z])/).filter(Boolean).length
const heaviest = (w: Record<string, number>) => [...FACTOR_KEYS].sort((a, b) => w[b] - w[a])[0]

describe('POST /api/v1/ai/weights with the built-in provider', () => {
  it('a drive-through leans on vehicle traffic and road class; the profile is accepted by POST /score', async () => {
    const { key } = await createKey('free')
    const res = await aiCall('/ai/weights', {
      key,
      body: { businessDescription: 'Drive-through coffee shop on a commuter route; most customers arrive by car' },
      env: FRESH_ENV,
    })
    expect(res.status).toBe(200)
    const w = res.json.weights
    expect(Math.round(sumOf(w) * 1000)).toBe(1000)
    expect(heaviest(w)).toBe('vehicleTraffic')
    expect(w.vehicleTraffic + w.roadClass).toBeGreaterThanOrEqual(0.6)
    expect(w.pedestrian + w.transit).toBeLessThanOrEqual(0.1)
    expect(res.json.profileName).toBe('Coffee shop (drive-through)')
    expect(res.json.explanation).toMatch(/drive-through/)
    expect(res.json.explanation).toMatch(/vehicle traffic \(0\.\d\d\)/i)
    expect(sentences(res.json.explanation)).toBeGreaterThanOrEqual(2)
    expect(sentences(res.json.explanation)).toBeLessThanOrEqual(3)
    expect(res.json.meta).toEqual({ provider: 'builtin', model: 'rules (no language model)', promptVersion: 'builtin-weights-v1' })
    const scored = await call('/api/v1/score', { key, body: { lat: 45.4257, lng: -75.6919, weights: w } })
    expect(scored.status).toBe(200)
  })

  it('a downtown bookstore leans on pedestrians; French descriptions work too', async () => {
    const { key } = await createKey('free')
    for (const [businessDescription, why] of [
      ['Independent bookstore downtown', /downtown setting adds weight to pedestrians/],
      ['Librairie indépendante au centre-ville', /Un centre-ville donne plus de poids aux piétons/],
    ] as const) {
      const res = await aiCall('/ai/weights', { key, body: { businessDescription }, env: FRESH_ENV })
      expect(res.status).toBe(200)
      expect(heaviest(res.json.weights), businessDescription).toBe('pedestrian')
      expect(res.json.weights.pedestrian).toBeGreaterThan(builtinProfile('bookstore').weights.pedestrian)
      expect(res.json.explanation).toMatch(why)
      expect(sentences(res.json.explanation)).toBe(3)
    }
  })

  it('an unknown business gets the default weights and is told why', async () => {
    const { key } = await createKey('free')
    const res = await aiCall('/ai/weights', { key, body: { businessDescription: 'Quantum flux capacitor emporium' }, env: FRESH_ENV })
    expect(res.status).toBe(200)
    expect(res.json.weights).toEqual(DEFAULT_WEIGHTS)
    expect(res.json.profileName).toMatch(/^Default/)
    expect(res.json.explanation).toMatch(/No business type in the built-in taxonomy .* matched/)
    expect(sentences(res.json.explanation)).toBeLessThanOrEqual(3)
  })
})

describe('the taxonomy', () => {
  it('has at least 60 types, each mapped to a profile whose weights are valid', () => {
    expect(BUSINESS_TYPES.length).toBeGreaterThanOrEqual(60)
    expect(new Set(BUSINESS_TYPES.map((t) => t.id)).size).toBe(BUSINESS_TYPES.length)
    for (const type of BUSINESS_TYPES) {
      const p = builtinProfile(type.label)
      expect(p.business?.type.id, type.label).toBe(type.id)
      expect(Math.round(sumOf(p.weights) * 1000), type.id).toBe(1000)
    }
  })

  it('the most specific words win: "dental clinic" is a dentist, "bar laitier" an ice-cream shop', () => {
    expect(builtinProfile('dental clinic on Main').business?.type.id).toBe('dentist')
    expect(builtinProfile('un bar laitier').business?.type.id).toBe('ice-cream')
    expect(builtinProfile('un bar de quartier').business?.type.id).toBe('bar')
  })
})
