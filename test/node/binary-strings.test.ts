// The string column decoder cuts one decoded text by UTF-16 lengths counted from the UTF-8 bytes: it
// must give exactly what decoding each string alone gives, for any text the build can write.
import { describe, expect, it } from 'vitest'
import { BinaryWriter } from '../../scripts/geodata/lib.mjs'
import { BinaryReader } from '../../src/geo/geodata/measured/binary'

const roundTrip = (values: string[]) => {
  const writer = new BinaryWriter('TEST', 1)
  writer.strings(values)
  writer.ints([7, 8, 9])
  const reader = new BinaryReader(writer.finish(), 'TEST', 1)
  return { strings: reader.strings(), after: [...reader.ints()], done: reader.done }
}

describe('BinaryReader.strings', () => {
  it('returns accented, CJK, emoji and empty names as written, and leaves the reader after the column', () => {
    const values = ['Bank', '', 'Côte-des-Neiges', 'Aurèle', '北京路', 'Trail 🚲 Loop', '𝔸', 'Saint-Jean-sur-Richelieu', '']
    expect(roundTrip(values)).toEqual({ strings: values, after: [7, 8, 9], done: true })
  })

  it('drops a leading byte-order mark from each string, as decoding each string alone does', () => {
    const values = ['\uFEFFMain', 'Rideau', '\uFEFF']
    const perString = values.map((s) => new TextDecoder().decode(new TextEncoder().encode(s)))
    expect(roundTrip(values).strings).toEqual(perString)
    expect(perString[0]).toBe('Main')
  })
})
