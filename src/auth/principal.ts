// Who a request is: what the auth middleware learns from a valid key. Beside the keys and plans it is
// made of; src/env.ts re-exports it for the request context, and nothing in src/auth/ imports src/env.ts.
import type { Plan } from './plans'

/** What the auth middleware learns about the caller. */
export interface Principal {
  userId: string
  email: string
  plan: Plan
  userCreatedAt: string
  keyId: string
  key: { name: string; prefix: string; mode: 'live' | 'test'; createdAt: string }
}
