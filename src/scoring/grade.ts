// Letter grades (docs/decisions.md §4). Thresholds are inclusive lower bounds.
export const GRADES = ['A+', 'A', 'B+', 'B', 'C+', 'C', 'D', 'F'] as const
export type Grade = (typeof GRADES)[number]

export const GRADE_THRESHOLDS: readonly (readonly [number, Grade])[] = [
  [90, 'A+'],
  [80, 'A'],
  [75, 'B+'],
  [70, 'B'],
  [65, 'C+'],
  [60, 'C'],
  [50, 'D'],
]

export function gradeFor(score: number): Grade {
  for (let i = 0; i < GRADE_THRESHOLDS.length; i++) if (score >= GRADE_THRESHOLDS[i][0]) return GRADE_THRESHOLDS[i][1]
  return 'F'
}
