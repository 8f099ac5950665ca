// Small statistics shared by the fit scripts: weighted ridge least squares and quantiles.

/** Weighted least squares with a small ridge (× total weight) on every coefficient but the first; Gauss-Jordan. */
export function leastSquares(X, y, w = X.map(() => 1), ridge = 0) {
  const k = X[0].length
  const A = Array.from({ length: k }, () => new Array(k + 1).fill(0))
  let total = 0
  for (let r = 0; r < X.length; r++) {
    total += w[r]
    for (let i = 0; i < k; i++) {
      A[i][k] += w[r] * X[r][i] * y[r]
      for (let j = 0; j < k; j++) A[i][j] += w[r] * X[r][i] * X[r][j]
    }
  }
  for (let i = 1; i < k; i++) A[i][i] += ridge * total
  for (let i = 0; i < k; i++) {
    let p = i
    for (let r = i + 1; r < k; r++) if (Math.abs(A[r][i]) > Math.abs(A[p][i])) p = r
    ;[A[i], A[p]] = [A[p], A[i]]
    for (let r = 0; r < k; r++) {
      if (r === i) continue
      const f = A[r][i] / A[i][i]
      for (let c = i; c <= k; c++) A[r][c] -= f * A[i][c]
    }
  }
  return A.map((row, i) => row[k] / row[i])
}

export function quantile(values, q) {
  const v = [...values].sort((a, b) => a - b)
  const pos = q * (v.length - 1)
  const lo = Math.floor(pos)
  return v[lo] + (v[Math.min(lo + 1, v.length - 1)] - v[lo]) * (pos - lo)
}
