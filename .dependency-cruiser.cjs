// Import rules for src/, checked by test/node/layers.test.ts (and `npm run lint:deps`). Type-only
// imports count: a cycle through shared types is still a cycle for a reader. docs/code-map.md draws
// the layers these rules keep.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere in src/: move what two modules share into a third they both import.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'factor-table-is-a-leaf',
      severity: 'error',
      comment: 'src/scoring/factors.ts imports nothing from src/: geo imports it for the units, so it must stay a data leaf.',
      from: { path: '^src/scoring/factors\\.ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'geo-is-pure',
      severity: 'error',
      comment: 'src/geo takes plain data and returns plain data: no storage, services, routes, clock or env.',
      from: { path: '^src/geo/' },
      to: { path: '^src/(services|routes|db|durable|middleware|views|auth|roi|app\\.ts|index\\.ts|env\\.ts)' },
    },
    {
      name: 'geo-uses-only-the-factor-table-of-scoring',
      severity: 'error',
      comment: 'scoring -> geo, never back: geo may read the factor table (a leaf) for the units, nothing else of scoring.',
      from: { path: '^src/geo/' },
      to: { path: '^src/scoring/', pathNot: '^src/scoring/factors\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.(bin|json)$' },
  },
}
