// Import rules for src/, scripts/ and research/, checked by test/node/layers.test.ts (and `npm run lint:deps`).
// Type-only imports count: a cycle through shared types is still a cycle for a reader. docs/code-map.md draws
// the layers these rules keep. (Tooling that loads TypeScript by path, `loadTs('src/…')`, is not an import and
// is not seen here; everything imported with `import` is.)
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'src-stays-in-src',
      severity: 'error',
      comment:
        'The worker is src/ and its packages: it never imports the tooling (scripts/), the research (research/), tests, ' +
        'benches or a file elsewhere in the repository (data it needs is generated into src/geo/data/).',
      from: { path: '^src/' },
      to: { pathNot: '^src/', dependencyTypes: ['local'] },
    },
    {
      name: 'product-tooling-imports-no-research',
      severity: 'error',
      comment:
        'scripts/ is what the product needs to run and ship: it must work with research/ deleted. Research reads ' +
        'scripts/ (the build steps, scripts/lib), never the other way.',
      from: { path: '^scripts/' },
      to: { path: '^research/' },
    },
    {
      name: 'research-imports-no-cli',
      severity: 'error',
      comment:
        'research/ may import the helpers of scripts/lib and the build steps of scripts/geodata, not a top-level script ' +
        '(a CLI runs when imported).',
      from: { path: '^research/' },
      to: { path: '^scripts/[^/]+$' },
    },
    {
      name: 'no-circular-in-tooling',
      severity: 'error',
      comment: 'No import cycles in scripts/ or research/ either.',
      from: { path: '^(scripts|research)/' },
      to: { circular: true },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere in src/: move what two modules share into a third they both import.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'factor-table-reads-only-the-signal-vocabulary',
      severity: 'error',
      comment: 'src/scoring/factors.ts is a data table: of src/ it imports only the signal keys and units (geo/signals entry).',
      from: { path: '^src/scoring/factors\\.ts$' },
      to: { path: '^src/', pathNot: '^src/geo/signals/index\\.ts$' },
    },
    {
      name: 'services-import-no-middleware',
      severity: 'error',
      comment: 'routes and middleware -> services, never back: what both need (e.g. forgetKey) lives below them (src/auth/).',
      from: { path: '^src/services/' },
      to: { path: '^src/(middleware|routes)/' },
    },
    {
      name: 'auth-below-env',
      severity: 'error',
      comment: 'src/auth/ (keys, plans, the principal, the verified-key cache) imports no env.ts, middleware or services: env.ts imports it.',
      from: { path: '^src/auth/' },
      to: { path: '^src/', pathNot: '^src/(auth|lib)/' },
    },
    {
      name: 'lib-imports-no-feature-layer',
      severity: 'error',
      comment: 'src/lib/ holds shared helpers that geo and scoring import: it never imports geo, scoring, services, routes or mcp.',
      from: { path: '^src/lib/' },
      to: { path: '^src/(geo|scoring|services|routes|mcp|middleware|db)/' },
    },
    {
      name: 'geo-is-pure',
      severity: 'error',
      comment: 'src/geo takes plain data and returns plain data: no storage, services, routes, clock or env.',
      from: { path: '^src/geo/' },
      to: { path: '^src/(services|routes|db|durable|middleware|views|auth|roi|app\\.ts|index\\.ts|env\\.ts)' },
    },
    {
      name: 'geo-imports-no-scoring',
      severity: 'error',
      comment: 'scoring -> geo, never back: the signal keys and units scoring is keyed by live in geo/signals/units.ts.',
      from: { path: '^src/geo/' },
      to: { path: '^src/scoring/' },
    },
    {
      name: 'geodata-is-the-base-layer',
      severity: 'error',
      comment: 'geodata (store access, artefact readers, indexes, geodesy, vocabulary) imports neither the geocoder nor the signals.',
      from: { path: '^src/geo/geodata/' },
      to: { path: '^src/geo/(geocode|signals)/' },
    },
    {
      name: 'geocode-imports-only-geodata',
      severity: 'error',
      comment: 'geocode -> geodata: the geocoder reads no signal and no artefact except through geodata.',
      from: { path: '^src/geo/geocode/' },
      to: { path: '^src/geo/(signals|data)/' },
    },
    {
      name: 'signals-import-no-geocoder',
      severity: 'error',
      comment: 'signals -> geodata: the signals take a located point, they never geocode (the precision vocabulary is in geodata).',
      from: { path: '^src/geo/signals/' },
      to: { path: '^src/geo/geocode/' },
    },
    {
      name: 'scoring-imports-no-geocoder',
      severity: 'error',
      comment: 'scoring -> signals -> geodata: the engine scores signals of a located point; services geocode.',
      from: { path: '^src/scoring/' },
      to: { path: '^src/geo/geocode/' },
    },
    {
      name: 'artefacts-read-by-geodata-and-models',
      severity: 'error',
      comment: 'src/geo/data/ (built artefacts, fitted coefficients) is read by geodata and the signal models, by nothing else.',
      from: { path: '^src/', pathNot: '^src/geo/(data|geodata|signals)/' },
      to: { path: '^src/geo/data/' },
    },
    ...['geodata', 'geocode', 'signals'].map((layer) => ({
      name: `${layer}-through-its-entry`,
      severity: 'error',
      comment: `Outside src/geo/${layer}/, import it only through its entry file src/geo/${layer}/index.ts.`,
      from: { path: '^src/', pathNot: `^src/geo/${layer}/` },
      to: { path: `^src/geo/${layer}/`, pathNot: `^src/geo/${layer}/index\\.ts$` },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: { path: '^(?!node_modules/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.bin$' },
  },
}
