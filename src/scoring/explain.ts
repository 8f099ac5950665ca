// A score's factors in words, for a reader who was not there (an AI agent through MCP): what each factor
// measured, how its curve turned that into 0–100, how many of the overall points it gave, and the next
// anchor of its curve (what it would take to score more). Pure: everything comes from the result and the
// factor table (factors.ts), so it can never disagree with the engine.
import type { ScoreResult } from './engine'
import { FACTORS, type FactorKey } from './factors'
import { FACTOR_KEYS } from './weights'

export interface FactorExplanation {
  factor: FactorKey
  label: string
  score: number
  weight: number
  /** score × weight: this factor's part of overallScore, one decimal like overallScore itself. */
  points: number
  raw: ScoreResult['factorScores'][FactorKey]['raw']
  /** The curve's anchors, "raw value → score", as the engine interpolates between them. */
  curve: string
  /** The next anchor above the raw value (null at the top of the curve). */
  nextAnchor: { value: number; score: number } | null
  reading: string
}

export interface ScoreExplanation {
  address: string
  overallScore: number
  grade: ScoreResult['grade']
  precision: ScoreResult['precision']
  accuracyM: number
  /** Highest points first. */
  factors: FactorExplanation[]
  summary: string
  warnings: ScoreResult['warnings']
  methodologyVersion: string
  dataVersion: string
}

const number = (n: number) => n.toLocaleString('en-CA', { maximumFractionDigits: 2 })
const oneDecimal = (n: number) => Math.round(n * 10) / 10

function explainFactor(key: FactorKey, result: ScoreResult): FactorExplanation {
  const { score, weight, label, raw } = result.factorScores[key]
  const { knots, scale } = FACTORS[key].curve
  const next = knots.find(([value]) => value > raw.value)
  const points = oneDecimal(score * weight)
  const curve = `${knots.map(([v, s]) => `${number(v)} → ${s}`).join(', ')} (${scale === 'log' ? 'log scale' : 'linear'})`
  const reading =
    `${label}: ${number(raw.value)} ${raw.unit} (${raw.method}; confidence ${raw.confidence}) scores ` +
    `${oneDecimal(score)}/100; weight ${weight} gives ${points} of the ${result.overallScore} points.` +
    (next ? ` The next anchor is ${number(next[0])} → ${next[1]}.` : ' That is the top of its curve.')
  return {
    factor: key,
    label,
    score,
    weight,
    points,
    raw,
    curve,
    nextAnchor: next ? { value: next[0], score: next[1] } : null,
    reading,
  }
}

export function explainScore(result: ScoreResult): ScoreExplanation {
  const factors = FACTOR_KEYS.map((key) => explainFactor(key, result)).sort((a, b) => b.points - a.points)
  const weighted = factors.filter((f) => f.weight > 0)
  const strongest = [...weighted].sort((a, b) => b.score - a.score)[0]
  const weakest = [...weighted].sort((a, b) => a.score - b.score)[0]
  const lowConfidence = factors.filter((f) => f.raw.confidence === 'low').map((f) => f.label.toLowerCase())
  const summary =
    `${result.address} scores ${result.overallScore} (${result.grade}), the weighted sum of seven factor scores. ` +
    `Most points come from ${factors[0].label.toLowerCase()} (${factors[0].points}); ` +
    (strongest && weakest
      ? `the strongest factor is ${strongest.label.toLowerCase()} (${oneDecimal(strongest.score)}/100), the weakest ` +
        `${weakest.label.toLowerCase()} (${oneDecimal(weakest.score)}/100). `
      : '') +
    `Located at precision "${result.precision}" (within about ${number(result.accuracyM)} m).` +
    (lowConfidence.length ? ` Low confidence: ${lowConfidence.join(', ')}.` : '')
  return {
    address: result.address,
    overallScore: result.overallScore,
    grade: result.grade,
    precision: result.precision,
    accuracyM: result.accuracyM,
    factors,
    summary,
    warnings: result.warnings,
    methodologyVersion: result.methodologyVersion,
    dataVersion: result.dataVersion,
  }
}
