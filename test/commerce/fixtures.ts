// Stable catalogue ids from migrations/0004_commerce_seed.sql.
export const product = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`
export const variant = (p: number, v: number) => `20000000-0000-4000-8000-${String(p).padStart(8, '0')}${String(v).padStart(4, '0')}`

export const CHANNEL_LETTERS = product(1)
export const CHANNEL_12IN = variant(1, 1) // 4200.00
export const PYLON = product(3)
export const PYLON_30FT_INACTIVE = variant(3, 5)
export const GLASS_NEON_INACTIVE = product(17)
export const GLASS_NEON_VARIANT = variant(17, 1)
export const YARD_SIGN_SINGLE = variant(16, 1) // 24.00
export const YARD_SIGN_DOUBLE = variant(16, 2) // 32.00
export const BANNER_2X4 = variant(9, 1) // 79.00
