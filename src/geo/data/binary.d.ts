// Binary geodata modules: wrangler's "Data" rule (wrangler.toml) imports them as an ArrayBuffer.
declare module '*.bin' {
  const data: ArrayBuffer
  export default data
}
