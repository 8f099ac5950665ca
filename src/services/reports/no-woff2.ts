// Stands in for brotli/decompress.js in the worker bundle (wrangler.toml [alias]): fontkit needs brotli only
// to read WOFF2 fonts, and the report embeds TrueType files. Saves ~85 KiB gzip.
export default function decompress(): never {
  throw new Error('WOFF2 fonts are not supported in the worker; embed a TrueType (.ttf) file')
}
