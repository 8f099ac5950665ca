// A throwaway copy of the repository as it was at a commit (git archive), runnable by startServer:
// node_modules linked, the vendored docs UI copied. For benches that measure before and after in one run.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..', '..')

export function treeAt(ref) {
  const dir = mkdtempSync(join(tmpdir(), 'spa-tree-'))
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`], { cwd: root })
  mkdirSync(join(dir, 'public/docs'), { recursive: true })
  copyFileSync(join(root, 'public/docs/scalar.js'), join(dir, 'public/docs/scalar.js'))
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  return dir
}
