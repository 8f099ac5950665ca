/** Every measured lookup accepts this last argument so validation can hold out records by id
 *  (DA uid, traffic section id, road segment id, stop index), as strings. */
export interface LookupOptions {
  exclude?: ReadonlySet<string>
}
