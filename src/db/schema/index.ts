// One file per area; each feature adds its tables in its own file and re-exports it here.
export * from './users'
export * from './notifications'
export * from './reports'
export * from './prospects'
export * from './commerce'
export * from './projects'
export * from './addresses'
export * from './webhooks'
