// Command-line helpers shared by the scripts: one way to read arguments (node:util parseArgs, through
// `cliArgs`), and for the scripts that run against `npm run dev`, its origin and demo keys.
import { existsSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

/**
 * The command line, read by node:util parseArgs (strict: an unknown option or a missing value is an error).
 * On an error, prints it with `usage` and exits 2 instead of a stack trace.
 * @template {import('node:util').ParseArgsConfig['options']} O
 * @param {O} options
 * @param {{ usage?: string, positionals?: boolean, args?: string[] }} [config]
 */
export function cliArgs(options, { usage, positionals = false, args } = {}) {
  try {
    return parseArgs({ args, options, allowPositionals: positionals, strict: true })
  } catch (error) {
    console.error(`${error.message}${usage ? `\nusage: ${usage}` : ''}`)
    process.exit(2)
  }
}

/** The dev server's origin: `base` (a --base option), else BASE, else localhost on PORT (8787 by default), as `npm run dev` serves. */
export const devServerBase = (base) => base ?? process.env.BASE ?? `http://localhost:${process.env.PORT ?? 8787}`

/** API_KEY, else the demo key of `plan` that `npm run dev` writes to .dev-keys.json. */
export function demoKey(plan) {
  const key = process.env.API_KEY ?? (existsSync('.dev-keys.json') ? JSON.parse(readFileSync('.dev-keys.json', 'utf8'))[plan] : undefined)
  if (!key) throw new Error('No API key: start `npm run dev` (it writes .dev-keys.json) or set API_KEY')
  return key
}
