import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import worker from '../../src/index'
import { isSignificantChange, runMonitoring } from '../../src/services/monitoring'
import { METHODOLOGY_VERSION } from '../../src/scoring'
import { call, createKey } from '../helpers/api'
import { addLocation, createProject, MONTREAL_ADDRESS, TORONTO, VANCOUVER } from './fixtures'

async function runCron() {
  const controller = createScheduledController({ scheduledTime: Date.now(), cron: '0 6 * * *' })
  const ctx = createExecutionContext()
  await worker.scheduled!(controller as any, env as any, ctx)
  await waitOnExecutionContext(ctx)
}

const ofType = async (key: string, type: string) =>
  ((await call('/api/v1/notifications', { key })).json as any[]).filter((n) => n.type === type)

async function monitoredLocation(body: Record<string, unknown> = TORONTO) {
  const owner = await createKey()
  const projectId = await createProject(owner.key, { name: 'Watched' })
  const loc = await addLocation(owner.key, projectId, { ...body, monitored: true })
  return { owner, projectId, loc }
}

describe('isSignificantChange', () => {
  it('≥ 5 points or a grade change', () => {
    expect(isSignificantChange({ score: 70, grade: 'B' }, { score: 74.9, grade: 'B' })).toBe(false)
    expect(isSignificantChange({ score: 70, grade: 'B' }, { score: 75, grade: 'B' })).toBe(true)
    expect(isSignificantChange({ score: 70, grade: 'B' }, { score: 65, grade: 'B' })).toBe(true)
    expect(isSignificantChange({ score: 69.9, grade: 'C+' }, { score: 70, grade: 'B' })).toBe(true)
  })
})

describe('scheduled monitoring', () => {
  it('a changed cached score → exactly one scoreChange notification; a second run adds none; the cache is refreshed', async () => {
    const { owner, projectId, loc } = await monitoredLocation()
    await env.DB.prepare('UPDATE saved_locations SET latest_score = latest_score - 12 WHERE id = ?').bind(loc.id).run()
    await runCron()
    const changes = await ofType(owner.key, 'scoreChange')
    expect(changes).toHaveLength(1)
    expect(changes[0].message).toContain('Watched')
    expect(changes[0].message).toContain(`to ${loc.latestScore.toFixed(1)} (${loc.latestScoreGrade})`)
    expect((await call(`/api/v1/projects/${projectId}`, { key: owner.key })).json.locations[0].score).toBe(loc.latestScore)
    await runCron()
    expect(await ofType(owner.key, 'scoreChange')).toHaveLength(1)
  })

  it('a small change with the same grade, or an unmonitored location, writes nothing', async () => {
    const { owner, projectId, loc } = await monitoredLocation(VANCOUVER)
    const other = await addLocation(owner.key, projectId, { address: MONTREAL_ADDRESS })
    await env.DB.prepare('UPDATE saved_locations SET latest_score = latest_score - 2 WHERE id = ?').bind(loc.id).run()
    await env.DB.prepare('UPDATE saved_locations SET latest_score = latest_score - 20 WHERE id = ?').bind(other.id).run()
    await runCron()
    expect(await ofType(owner.key, 'scoreChange')).toHaveLength(0)
  })

  it('a grade change alone is significant', async () => {
    const { owner, loc } = await monitoredLocation({ address: MONTREAL_ADDRESS })
    const other = loc.latestScoreGrade === 'F' ? 'D' : 'F'
    await env.DB.prepare('UPDATE saved_locations SET latest_score_grade = ? WHERE id = ?').bind(other, loc.id).run()
    await runCron()
    const [n] = await ofType(owner.key, 'scoreChange')
    expect(n.message).toContain(`(${other}) to`)
  })

  it('a location scored with an older data version → one dataUpdate per user, once', async () => {
    const { owner, projectId, loc } = await monitoredLocation()
    const second = await addLocation(owner.key, projectId, { ...VANCOUVER, monitored: true })
    for (const id of [loc.id, second.id]) {
      await env.DB.prepare(
        "UPDATE saved_locations SET score_result = json_set(score_result, '$.dataVersion', 'geodata-2020.01') " + 'WHERE id = ?',
      )
        .bind(id)
        .run()
    }
    await runCron()
    expect(await ofType(owner.key, 'dataUpdate')).toHaveLength(1)
    await runCron()
    expect(await ofType(owner.key, 'dataUpdate')).toHaveLength(1)
    expect(await ofType(owner.key, 'scoreChange')).toHaveLength(0)
  })

  it('last scored under an older methodology: the score change says the method changed; one dataUpdate per user says which', async () => {
    const { owner, projectId, loc } = await monitoredLocation()
    const second = await addLocation(owner.key, projectId, { ...VANCOUVER, monitored: true })
    for (const id of [loc.id, second.id])
      await env.DB.prepare("UPDATE saved_locations SET score_result = json_set(score_result, '$.methodologyVersion', '4.3.0') WHERE id = ?")
        .bind(id)
        .run()
    await env.DB.prepare('UPDATE saved_locations SET latest_score = latest_score - 12 WHERE id = ?').bind(loc.id).run()
    await runCron()
    const [change] = await ofType(owner.key, 'scoreChange')
    expect(change.message).toContain(`The scoring methodology changed since its last score (4.3.0 → ${METHODOLOGY_VERSION})`)
    const updates = await ofType(owner.key, 'dataUpdate')
    expect(updates).toHaveLength(1)
    expect(updates[0]).toMatchObject({ title: 'Scoring method updated' })
    expect(updates[0].message).toContain(
      `Scores now use methodology ${METHODOLOGY_VERSION} (your monitored locations were scored with 4.3.0)`,
    )
    // The cache now holds the current method: a second run has nothing to say.
    await runCron()
    expect(await ofType(owner.key, 'dataUpdate')).toHaveLength(1)
    expect(await ofType(owner.key, 'scoreChange')).toHaveLength(1)
  })

  it('a score change under the same methodology says nothing about the method', async () => {
    const { owner, loc } = await monitoredLocation()
    await env.DB.prepare('UPDATE saved_locations SET latest_score = latest_score - 12 WHERE id = ?').bind(loc.id).run()
    await runCron()
    const [change] = await ofType(owner.key, 'scoreChange')
    expect(change.message).not.toContain('methodology')
    expect(await ofType(owner.key, 'dataUpdate')).toHaveLength(0)
  })

  it('works in batches: every monitored location is visited', async () => {
    const { owner, projectId } = await monitoredLocation()
    for (const l of [VANCOUVER, { lat: 45.5017, lng: -73.5673 }, { lat: 51.0447, lng: -114.0719 }])
      await addLocation(owner.key, projectId, { ...l, monitored: true })
    await env.DB.prepare('UPDATE saved_locations SET latest_score = 0 WHERE user_id = ?').bind(owner.userId).run()
    const summary = await runMonitoring(env as any, { batchSize: 2 })
    expect(summary.failed).toBe(0)
    expect(summary.scanned).toBeGreaterThanOrEqual(4)
    expect(await ofType(owner.key, 'scoreChange')).toHaveLength(4)
  })
})

describe('scheduled monitoring: overlapping runs', () => {
  it('two runs at once over the same change write one notification (dedupeKey + conditional update)', async () => {
    const { owner, loc } = await monitoredLocation({ lat: 45.4215, lng: -75.6972 })
    await env.DB.prepare('UPDATE saved_locations SET latest_score = latest_score + 30 WHERE id = ?').bind(loc.id).run()
    await Promise.all([runMonitoring(env as any), runMonitoring(env as any), runCron()])
    expect(await ofType(owner.key, 'scoreChange')).toHaveLength(1)
  })
})
