// Rows of the geodata store by cell, kept per isolate and per database: a cell's rows change only with a
// data load, so repeated scores nearby cost no query. The street pieces, the count sites and the address
// points around a coordinate are read through one of these each.

export class CellCache<K, T> {
  private readonly byDb = new WeakMap<D1Database, Map<K, T[]>>()

  /** `max` cells are kept per database; past it the oldest is dropped. */
  constructor(private readonly max = 4096) {}

  /**
   * The items of the `wanted` cells. Cells not cached yet are read once through `read`, which gives each
   * item with its cell (items of cells not asked for are ignored); a missing cell with no item is cached empty.
   */
  async get(d1: D1Database, wanted: readonly K[], read: (missing: K[]) => Promise<Iterable<readonly [K, T]>>): Promise<T[]> {
    let cells = this.byDb.get(d1)
    if (!cells) {
      cells = new Map()
      this.byDb.set(d1, cells)
    }
    const missing = wanted.filter((c) => !cells.has(c))
    if (missing.length) {
      const found = new Map<K, T[]>(missing.map((c) => [c, []]))
      for (const [cell, item] of await read(missing)) found.get(cell)?.push(item)
      for (const [cell, list] of found) {
        if (cells.size >= this.max) cells.delete(cells.keys().next().value!)
        cells.set(cell, list)
      }
    }
    return wanted.flatMap((c) => cells.get(c) ?? [])
  }
}
