// Shared by the fits and validations (research/fit-traffic.mjs, research/validate-geodata.mjs, …): the
// deterministic train/test split, the raw validation data read from ../shared/data, Spearman's ρ. The data
// pack and Calgary's counted sections are the product build's (scripts/geodata/calgary-sections.mjs).
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { dataDir } from '../../scripts/geodata/calgary-sections.mjs'

export {
  calgarySections,
  calgaryStreetFinder,
  dataDir,
  halfway,
  parseMultiLine,
  readCsv,
} from '../../scripts/geodata/calgary-sections.mjs'

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
export const hasData = () => existsSync(join(dataDir, 'README.md'))

/** FNV-1a: a stable hash of an id, so the split never depends on file order or a random seed. */
export function hash(s) {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}
/** 30 % of ids are held out of every fit and every measured lookup used to predict them. */
export const isHeldOut = (id) => hash(String(id)) % 10 < 3

export function spearman(a, b) {
  const rank = (v) => {
    const order = v.map((x, i) => [x, i]).sort((p, q) => p[0] - q[0])
    const r = new Array(v.length)
    for (let i = 0; i < order.length; ) {
      let j = i
      while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++
      for (let k = i; k <= j; k++) r[order[k][1]] = (i + j) / 2
      i = j + 1
    }
    return r
  }
  const ra = rank(a),
    rb = rank(b),
    n = a.length
  const ma = ra.reduce((s, x) => s + x, 0) / n,
    mb = rb.reduce((s, x) => s + x, 0) / n
  let num = 0,
    da = 0,
    db = 0
  for (let i = 0; i < n; i++) {
    num += (ra[i] - ma) * (rb[i] - mb)
    da += (ra[i] - ma) ** 2
    db += (rb[i] - mb) ** 2
  }
  return da && db ? num / Math.sqrt(da * db) : NaN
}

/** Ids of sections in the bundled table: the name, or "NAME#n" where one year lists several pieces under one name. */
export const sectionIds = (list) => new Set(list.flatMap((s) => [s.secname, ...Array.from({ length: 12 }, (_, n) => `${s.secname}#${n}`)]))
