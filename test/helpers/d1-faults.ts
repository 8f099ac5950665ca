import { env } from 'cloudflare:workers'

export interface D1Hooks {
  /** Runs before a single statement executes (run/all/first/raw, not inside a batch); throw to fail it. */
  beforeStatement?: (sql: string) => void
  /** Runs after a batch has committed, before its caller sees the result (a racing write lands here). */
  afterBatch?: (sqls: string[]) => Promise<void>
}

/** The real D1 binding with faults injected at chosen points, like a worker dying mid-request. */
export function faultyD1(hooks: D1Hooks): D1Database {
  const sqlOf = new WeakMap<object, string>()
  const wrapStatement = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(stmt, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver)
        if (prop === 'bind') return (...args: unknown[]) => wrapStatement(value.apply(target, args), sql)
        if (['run', 'all', 'first', 'raw'].includes(prop as string))
          return (...args: unknown[]) => {
            hooks.beforeStatement?.(sql)
            return value.apply(target, args)
          }
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    sqlOf.set(wrapped, sql)
    return wrapped
  }
  return new Proxy(env.DB, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver)
      if (prop === 'prepare') return (sql: string) => wrapStatement(value.call(target, sql), sql)
      if (prop === 'batch')
        return async (stmts: D1PreparedStatement[]) => {
          const results = await value.call(target, stmts)
          await hooks.afterBatch?.(stmts.map((stmt) => sqlOf.get(stmt) ?? ''))
          return results
        }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
