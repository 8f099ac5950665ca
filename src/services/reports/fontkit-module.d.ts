// fontkit 2.0.4 ships no types; pdf-lib's Fontkit interface describes what the report uses (fontkit.ts).
declare module 'fontkit' {
  export function create(data: Uint8Array): unknown
}
