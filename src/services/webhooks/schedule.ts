// Retry schedule of webhook deliveries (docs/webhooks.md "Retries"). Pure: every function takes `now`, so
// the tests drive it with a fake clock.

/** Delay after the n-th failed attempt (1-based): 30 s × 3^(n−1), capped at 6 h. */
export const FIRST_RETRY_SECONDS = 30
export const MAX_RETRY_DELAY_SECONDS = 6 * 3600
/**
 * Attempts per delivery, the first included. 12 attempts span 30 s + 1.5 m + 4.5 m + 13.5 m + 40.5 m +
 * 2 h 1.5 m + 5 × 6 h ≈ 33 h: more than a day of receiver downtime is ridden out.
 */
export const MAX_ATTEMPTS = 12
/** A delivery still unanswered this long after it was claimed is claimed again (the worker died mid-send). */
export const CLAIM_SECONDS = 60
/** Fetch timeout for one attempt: a slow receiver holds only the dispatcher, never an API request. */
export const DELIVERY_TIMEOUT_MS = 10_000

export function retryDelaySeconds(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 3 ** Math.max(0, failedAttempts - 1), MAX_RETRY_DELAY_SECONDS)
}

/**
 * When to try again after `failedAttempts` failures, the last at `now`; null when the delivery has used
 * its attempts and is given up (its endpoint is then disabled). `jitter` (0–1) spreads retries of many
 * deliveries over up to a tenth of the delay.
 */
export function nextAttemptAt(failedAttempts: number, now: Date, jitter = 0): Date | null {
  if (failedAttempts >= MAX_ATTEMPTS) return null
  const delay = retryDelaySeconds(failedAttempts) * (1 + Math.min(Math.max(jitter, 0), 1) / 10)
  return new Date(now.getTime() + Math.round(delay * 1000))
}

/** The whole schedule from a first attempt at `start`, with no jitter: the attempt times, first included. */
export function attemptTimes(start: Date): Date[] {
  const times = [start]
  for (let failed = 1; failed < MAX_ATTEMPTS; failed++) times.push(nextAttemptAt(failed, times[times.length - 1])!)
  return times
}
