import { describe, it, expect } from 'vitest'
import { assertContract } from '../helpers/contract'

describe('contract helper', () => {
  it('accepts a response that matches the declared schema', () => {
    expect(() => assertContract('GET', '/healthz', 200, 'application/json', { ok: true })).not.toThrow()
  })

  it('rejects a body that does not match the declared schema', () => {
    expect(() => assertContract('GET', '/healthz', 200, 'application/json', { ok: 'yes' })).toThrow(/does not match/)
  })

  it('rejects an undeclared status', () => {
    expect(() => assertContract('GET', '/healthz', 409, 'application/json', {})).toThrow(/does not declare/)
  })

  it('checks generic error statuses against the error envelope', () => {
    expect(() =>
      assertContract('GET', '/api/v1/me', 429, 'application/json', { error: { code: 'RATE_LIMITED', message: 'x', requestId: 'req_1' } }),
    ).not.toThrow()
    expect(() => assertContract('GET', '/api/v1/me', 429, 'application/json', { message: 'slow down' })).toThrow(/does not match/)
  })
})
