// The MCP resources: the methodology summary and the data sources. Built from the engine's own tables
// (factors, weights, grades, versions, DATA_SOURCES), so they cannot drift from what the tools compute;
// the full methodology with its validation is docs/methodology.md.
import { DATA_SOURCES, DATA_VERSION } from '../geo/geodata'
import { DEFAULT_WEIGHTS, FACTOR_KEYS, FACTORS, GRADE_THRESHOLDS, METHODOLOGY_VERSION } from '../scoring'

export interface McpResource {
  uri: string
  name: string
  title: string
  description: string
  mimeType: string
  text: () => string
}

const number = (n: number) => n.toLocaleString('en-CA')

function methodologySummary(): string {
  const factors = FACTOR_KEYS.map((key) => {
    const { label, unit, curve } = FACTORS[key]
    const anchors = curve.knots.map(([value, score]) => `${number(value)} → ${score}`).join(', ')
    return `| ${key} | ${label} | ${DEFAULT_WEIGHTS[key]} | ${unit} | ${anchors} |`
  })
  const grades = [...GRADE_THRESHOLDS.map(([min, grade]) => `${grade} ≥ ${min}`), 'F below'].join(', ')
  return [
    `# Sign placement score: methodology summary (methodology ${METHODOLOGY_VERSION}, data ${DATA_VERSION})`,
    '',
    'A location in Canada (an address, or lat/lng) is located, then seven raw signals are computed at the point from bundled ' +
      'open data (census, OpenStreetMap, transit GTFS, municipal traffic and pedestrian counts, street networks). Each raw ' +
      'signal goes through a piecewise-linear curve (in log10 space for signals spanning orders of magnitude) to a 0–100 ' +
      'factor score; overallScore is the weighted sum of the factor scores (weights sum to 1.0, one decimal).',
    '',
    'Nothing is fetched at scoring time and the same input always gives the same score. Each raw signal says how it was ' +
      'obtained (`method`: measured lookups start with "measured:", model estimates with "modelled:") and a confidence. ' +
      '`precision` and `accuracyM` say how exactly the input was located; a city or postal-area position caps every ' +
      "factor's confidence, and `warnings` say what is less exact than it looks.",
    '',
    '| key | factor | default weight | raw unit | curve anchors (raw → score) |',
    '|---|---|---|---|---|',
    ...factors,
    '',
    `Grades: ${grades}.`,
    '',
    '`audience` estimates people passing per day (vehicles × occupancy + pedestrians) with a p10–p90 interval from the ' +
      "models' held-out errors. Scores rank locations; they are estimates, not counts: see the validation figures in " +
      'docs/methodology.md §5 and its known limits in §6.',
  ].join('\n')
}

export const MCP_RESOURCES: readonly McpResource[] = [
  {
    uri: 'sign-placement://methodology',
    name: 'methodology',
    title: 'Scoring methodology (summary)',
    description: 'How a score is computed: the seven factors, their default weights, curves, grades and versions.',
    mimeType: 'text/markdown',
    text: methodologySummary,
  },
  {
    uri: 'sign-placement://data-sources',
    name: 'data-sources',
    title: 'Data sources and licences',
    description:
      'Every dataset behind the scores (name, licence, URL, vintage), keyed as a score’s `audience.sources` cites them. ' +
      'Tool results leave this block out; it is here once.',
    mimeType: 'application/json',
    text: () => JSON.stringify({ dataVersion: DATA_VERSION, methodologyVersion: METHODOLOGY_VERSION, sources: DATA_SOURCES }, null, 2),
  },
]
