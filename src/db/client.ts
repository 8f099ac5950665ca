import { getTableColumns, sql, type Column } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as schema from './schema'

const connect = (d1: D1Database) => drizzle(d1, { schema })
export type Db = ReturnType<typeof connect>
/**
 * One drizzle instance per D1 binding and isolate: building one walks the whole schema
 * (extractTablesRelationalConfig), which was ~7 % of a POST /score's worker CPU when done per call.
 * The instance holds no request state (D1 has no transactions; `batch()` is per call).
 */
const instances = new WeakMap<D1Database, Db>()
export function getDb(d1: D1Database): Db {
  let db = instances.get(d1)
  if (!db) {
    db = connect(d1)
    instances.set(d1, db)
  }
  return db
}
export { schema }

/**
 * A drizzle query as a raw D1 statement, for a `d1.batch([...])` (one transaction) that must also carry
 * statements built outside drizzle (the idempotency completion).
 */
export function asStatement(d1: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql, params } = query.toSQL()
  return d1.prepare(sql).bind(...params)
}

/** A raw D1 row of `table` (column names as keys, e.g. from RETURNING in a `d1.batch`) as drizzle returns it. */
export function rowOf<T extends SQLiteTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table))
  return Object.fromEntries(
    columns.map(([key, column]) => [key, raw[column.name] == null ? null : column.mapFromDriverValue(raw[column.name])]),
  ) as T['$inferSelect']
}

/** A value bound as the column it fills in an INSERT … SELECT (drizzle matches the select's fields to the table's). */
export const valueAs = <T>(value: T, column: Column) => sql<T>`${value}`.as(column.name)
