import { call } from '../helpers/api'

export const TORONTO = { lat: 43.6487, lng: -79.3962 }
export const MONTREAL_ADDRESS = '1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4'
export const VANCOUVER = { lat: 49.2827, lng: -123.1207 }

export async function createProject(key: string, body: Record<string, unknown> = { name: 'Storefronts' }) {
  const res = await call('/api/v1/projects', { key, body })
  if (res.status !== 201) throw new Error(`createProject: ${res.status} ${res.text}`)
  return res.json.id as string
}

export async function addLocation(key: string, projectId: string, body: Record<string, unknown> = TORONTO) {
  const res = await call(`/api/v1/projects/${projectId}/locations`, { key, body })
  if (res.status !== 201) throw new Error(`addLocation: ${res.status} ${res.text}`)
  return res.json as { id: string; latestScore: number; latestScoreGrade: string }
}

export async function share(key: string, projectId: string, body?: Record<string, unknown>) {
  const res = await call(`/api/v1/projects/${projectId}/share`, { key, body, method: 'POST' })
  if (res.status !== 201) throw new Error(`share: ${res.status} ${res.text}`)
  return res.json as { id: string; shareUrl: string; jsonUrl: string; expiresAt: string }
}

export const tokenOf = (shareUrl: string) => new URL(shareUrl).pathname.split('/').pop()!
