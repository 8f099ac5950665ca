// Command-line helpers shared by the scripts that run against `npm run dev`.
import { existsSync, readFileSync } from 'node:fs'

const args = process.argv.slice(2)

/** The value after `--name` on the command line, else `fallback`. */
export const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : fallback
}

/** The dev server's origin: `--base`, else BASE, else localhost on PORT (8787 by default), as `npm run dev` serves. */
export const devServerBase = () => option('--base', process.env.BASE ?? `http://localhost:${process.env.PORT ?? 8787}`)

/** API_KEY, else the demo key of `plan` that `npm run dev` writes to .dev-keys.json. */
export function demoKey(plan) {
  const key = process.env.API_KEY ?? (existsSync('.dev-keys.json') ? JSON.parse(readFileSync('.dev-keys.json', 'utf8'))[plan] : undefined)
  if (!key) throw new Error('No API key: start `npm run dev` (it writes .dev-keys.json) or set API_KEY')
  return key
}
