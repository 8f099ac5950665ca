// Public surface of the pure ROI model.
export * from './model'
export { signalsOf } from './signals'
