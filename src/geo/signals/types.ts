// The types the signal models (model/) and the feature assembly (features.ts) share: their own leaf
// module, so the models never import features.ts, which imports them.

export type Confidence = 'high' | 'medium' | 'low'
export interface RawSignal {
  value: number
  unit: string
  method: string
  confidence: Confidence
}
