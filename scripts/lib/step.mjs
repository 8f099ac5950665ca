// Steps of a script that prints one status line each (`npm run dev`): "✔ label: summary (1.2 s)".
// A step's own output is kept, not printed; it is shown only when the step fails, so a first start is
// a short list of what happened, and a failure still says why.
import { spawn } from 'node:child_process'

const tty = process.stdout.isTTY
const seconds = (start) => `${((performance.now() - start) / 1000).toFixed(1)} s`

/** A failure whose `output` (what the step's commands printed) is shown under the status line. */
export class StepError extends Error {
  constructor(message, output = '') {
    super(message)
    this.output = output
  }
}

/**
 * Runs `fn({ update })` and prints one line: its returned summary, or why it failed. `update(text)`
 * shows progress on the status line (terminals only). A failed step ends the script, unless
 * `optional` (then it says what is missing, `optional` being that sentence, and the script goes on).
 * @template T
 * @param {string} label
 * @param {(status: { update: (text: string) => void }) => Promise<string | void> | string | void} fn
 * @param {{ optional?: string }} [options]
 */
export async function step(label, fn, { optional } = {}) {
  const start = performance.now()
  const update = (text) => {
    if (tty) process.stdout.write(`\r\x1b[K› ${label}: ${text}`)
  }
  update('…')
  try {
    const summary = await fn({ update })
    if (tty) process.stdout.write('\r\x1b[K')
    console.log(`✔ ${label}${summary ? `: ${summary}` : ''} (${seconds(start)})`)
  } catch (error) {
    if (tty) process.stdout.write('\r\x1b[K')
    console.error(`✖ ${label}: ${error.message}${optional ? `; ${optional}` : ''}`)
    if (error.output) console.error(error.output.trimEnd().replace(/^/gm, '  │ '))
    if (!optional) process.exit(1)
  }
}

/**
 * Runs a command, collecting what it prints; resolves to its stdout, rejects with a StepError that
 * carries all of its output.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions & { progress?: (text: string) => void }} [options] `progress`
 *   receives the command's latest "› …" progress line
 * @returns {Promise<string>}
 */
export function run(command, args, { progress, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let all = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      all += chunk
      // A long step (the geodata load) reports progress as "› …" lines: the latest goes on the status line.
      const latest = String(chunk)
        .match(/› ([^\r\n]+)/g)
        ?.at(-1)
      if (progress && latest) progress(latest.slice(2))
    })
    child.stderr.on('data', (chunk) => (all += chunk))
    child.on('error', (error) => reject(new StepError(error.message)))
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new StepError(`${command} exited with ${code}`, all))))
  })
}

/** The last line a command printed, without decoration: a step's summary from an importer's closing line. */
export const lastLine = (text) =>
  text
    .trim()
    .split('\n')
    .at(-1)
    .replace(/^[✔✓]\s*/, '')
