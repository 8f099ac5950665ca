import { app } from '../../src/app'

/** Every route the OpenAPI document declares, as the contract, fuzz and security suites see them. */
export function documentedRoutes() {
  return app.openAPIRegistry.definitions
    .filter((d): d is Extract<typeof d, { type: 'route' }> => d.type === 'route')
    .map((d) => ({ method: d.route.method.toUpperCase(), path: d.route.path, definition: d.route }))
}
