import { it } from 'vitest'
import { committedRows } from '../../scripts/lib/geodata-artefacts.mjs'
import { memoryGeodata } from '../../scripts/lib/geodata-memory'
const store = memoryGeodata(...committedRows())
it('probe', async () => {
  const texts = (process.env.PROBE ?? '').split('|')
  for (const t of texts) {
    const h = await store.geocode(t)
    console.log(t, '→', h && `${h.precision} ${h.lat.toFixed(5)},${h.lng.toFixed(5)} ±${h.accuracyM} ${h.address}`)
  }
}, 60000)
