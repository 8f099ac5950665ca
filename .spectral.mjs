// `npm run lint:api`: Spectral's OpenAPI rules plus the OWASP API Security Top 10 (2023) ruleset.
import { oas } from '@stoplight/spectral-rulesets'
import owasp from '@stoplight/spectral-owasp-ruleset'

export default {
  extends: [oas, owasp],
  overrides: [
    {
      // The liveness probe is deliberately unmetered: load balancers poll it.
      files: ['**#/paths/~1healthz'],
      rules: { 'owasp:api4:2023-rate-limit': 'off' },
    },
  ],
}
