/** Every measured lookup accepts this last argument so validation can hold out records by id
 *  (DA uid, traffic section id, road segment id, stop index), as strings. */
export interface LookupOptions extends MemoOptions {
  exclude?: ReadonlySet<string>
}

/** Lookups that keep a per-point memo (point-memo.ts) take this: `memo: false` for a point asked once
 *  (a site-finder grid point), whose entry would never be hit and only cost garbage-collection work. */
export interface MemoOptions {
  memo?: boolean
}
