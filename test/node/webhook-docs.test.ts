// The verification snippet of docs/webhooks.md, run as written against the API's own signer: it accepts a
// real signature and refuses everything the docs say it refuses. It is also the receiver code of
// scripts/lib/verify-webhook.mjs (npm run webhooks:listen), so the two cannot drift.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SIGNATURE_TOLERANCE_SECONDS, signatureHeader } from '../../src/lib/webhook-signature'

const docs = readFileSync('docs/webhooks.md', 'utf8')
const snippet = /cat > verify-webhook\.mjs <<'JS'\n([\s\S]*?)\nJS\n/.exec(docs)?.[1]

async function documentedVerify() {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-snippet-'))
  const file = join(dir, 'verify-webhook.mjs')
  writeFileSync(file, `${snippet}\n`)
  return (await import(pathToFileURL(file).href)).verifyWebhook as (
    body: string,
    header: string | undefined,
    secret: string,
    options?: { toleranceSeconds?: number; now?: number },
  ) => { id: string }
}

describe('docs/webhooks.md verification snippet', () => {
  it('is in the docs, and is the code of scripts/lib/verify-webhook.mjs', () => {
    expect(snippet).toBeTruthy()
    const lib = readFileSync('scripts/lib/verify-webhook.mjs', 'utf8')
    expect(lib.slice(lib.indexOf('import { createHmac')).trim()).toBe(snippet!.trim())
  })

  it('accepts what the API signs, with one secret or two (rolled), and refuses the rest', async () => {
    const verify = await documentedVerify()
    const secret = 'whsec_current000000000000000000000'
    const old = 'whsec_previous00000000000000000000'
    const body = JSON.stringify({
      id: '8c1f2a8e-6d55-4f2b-a7f0-0b6f0b1e6c1d',
      type: 'webhook.ping',
      created: 'x',
      data: {},
      apiVersion: 'v1',
    })
    const t = 1_764_396_723
    const header = await signatureHeader([secret], t, body)
    expect(verify(body, header, secret, { now: t + 10 }).id).toBe('8c1f2a8e-6d55-4f2b-a7f0-0b6f0b1e6c1d')
    const rolled = await signatureHeader([secret, old], t, body)
    expect(verify(body, rolled, old, { now: t }).id).toBeTruthy()
    expect(verify(body, rolled, secret, { now: t }).id).toBeTruthy()
    expect(() => verify(body.replace('ping', 'pong'), header, secret, { now: t })).toThrow(/no signature matches/)
    expect(() => verify(body, header, 'whsec_other', { now: t })).toThrow(/no signature matches/)
    expect(() => verify(body, header, secret, { now: t + SIGNATURE_TOLERANCE_SECONDS + 1 })).toThrow(/tolerance/)
    expect(() => verify(body, header, secret, { now: t - SIGNATURE_TOLERANCE_SECONDS - 1 })).toThrow(/tolerance/)
    expect(verify(body, header, secret, { now: t + SIGNATURE_TOLERANCE_SECONDS }).id).toBeTruthy()
    expect(() => verify(body, `t=${t}`, secret, { now: t })).toThrow(/malformed/)
    expect(() => verify(body, undefined, secret, { now: t })).toThrow(/malformed/)
    expect(() => verify(body, header.replace(/v1=\w+/, 'v1=zz'), secret, { now: t })).toThrow(/no signature matches/)
    // A timestamp changed after signing breaks the signature (it is signed with the body).
    expect(() => verify(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, { now: t })).toThrow(/no signature matches/)
  })
})
