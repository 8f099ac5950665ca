// Types for scripts/lib/csv.mjs (imported by the TypeScript helpers of scripts/lib and research/lib).
export function csvRecords(text: string): string[][]
export function csvObjects(text: string): Record<string, string>[]
