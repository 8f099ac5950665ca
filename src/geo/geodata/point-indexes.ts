// The geo store's point indexes (urban FSAs, populated places, rapid-transit stations: KDBush over
// lng/lat), built offline by `npm run build:point-indexes` into point-indexes.bin and restored at cold
// start with KDBush.from: no sort in the first request (the build cost ~5–7 ms of a cold first score,
// docs/decisions.md §5.4). A restored index is used only when it indexes exactly the points
// given (every position compared); otherwise the index is built here as before, so a stale artefact costs
// time, never a different answer. test/node/point-indexes.test.ts keeps the artefact fresh.
import KDBush from 'kdbush'
import pointIndexData from '../data/point-indexes.bin'
import { artefactReader } from './measured/binary'

/** The indexes point-indexes.bin holds, in its order. */
export const POINT_INDEXES = ['urbanFsas', 'places', 'stations'] as const
export type PointIndexName = (typeof POINT_INDEXES)[number]

/** KDBush over the items' positions (x = lng, y = lat) in item order: one dummy point when there are none. */
export function buildPointIndex(items: readonly { lat: number; lng: number }[]): KDBush {
  const index = new KDBush(Math.max(items.length, 1))
  for (const item of items) index.add(item.lng, item.lat)
  if (items.length === 0) index.add(0, 0)
  return index.finish()
}

let prebuilt: Map<PointIndexName, ArrayBuffer> | undefined

/** Each index's own copy of its bytes: KDBush.from takes a whole ArrayBuffer (its typed arrays need alignment). */
function prebuiltIndexes(): Map<PointIndexName, ArrayBuffer> {
  if (prebuilt) return prebuilt
  const reader = artefactReader('pointIndexes', pointIndexData)
  prebuilt = new Map()
  for (const name of POINT_INDEXES) {
    const length = reader.uvarint()
    const { bytes, start } = reader.block(length)
    // An empty block: no prebuilt index (the build writes one for every name).
    if (length) prebuilt.set(name, bytes.slice(start, start + length).buffer)
  }
  return prebuilt
}

/** Whether `index` holds exactly the items' positions, each under its item's id. */
function indexesExactly(index: KDBush, items: readonly { lat: number; lng: number }[]): boolean {
  if (index.numItems !== Math.max(items.length, 1) || items.length === 0) return index.numItems === 1 && items.length === 0
  const { ids, coords } = index
  for (let k = 0; k < ids.length; k++) {
    const item = items[ids[k]]
    if (coords[2 * k] !== item.lng || coords[2 * k + 1] !== item.lat) return false
  }
  return true
}

/** The index over `items`: restored from the build's artefact when it indexes these very points, else built. */
export function pointIndex(name: PointIndexName, items: readonly { lat: number; lng: number }[]): KDBush {
  const data = prebuiltIndexes().get(name)
  if (data) {
    const index = KDBush.from(data)
    if (indexesExactly(index, items)) return index
  }
  return buildPointIndex(items)
}
