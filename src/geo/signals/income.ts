// Household income at a point: its census tract, its postal area, its CMA or its province (methodology §2).
import type { UrbanContext } from '../geodata'
import { PROVINCE_MEDIAN_HOUSEHOLD_INCOME } from '../data/cmas.generated'
import { tractAt } from '../geodata'
import type { PostalAreaMeasures } from './model/postal-area'
import type { RawSignal } from './types'
import { SIGNAL_UNITS } from './units'

import { sig } from './method-text'
export function incomeAt(
  lat: number,
  lng: number,
  ctx: UrbanContext,
  useTract: boolean,
  memo: boolean | undefined,
  area: PostalAreaMeasures | undefined,
): RawSignal {
  if (area?.income !== undefined)
    return sig(
      area.income,
      SIGNAL_UNITS.income,
      `measured: Census 2021 census-tract median household income, median over the ${area.das} DAs nearest the postal area ` +
        `position (${area.tracts} tracts)`,
      'medium',
    )
  const tract = useTract ? tractAt(lat, lng, { memo }) : undefined
  if (tract)
    return sig(
      tract.medianHouseholdIncome,
      SIGNAL_UNITS.income,
      `measured: Census 2021 census-tract median household income (tract ${tract.ctuid})`,
      'high',
    )
  if (ctx.cma)
    return sig(
      ctx.cma.medianHouseholdIncome,
      SIGNAL_UNITS.income,
      `measured: Census 2021 CMA median household income (${ctx.cma.name}), ${useTract ? 'outside census tracts' : 'area position'}`,
      'medium',
    )
  return sig(
    PROVINCE_MEDIAN_HOUSEHOLD_INCOME[ctx.province ?? ''] ?? 84000,
    SIGNAL_UNITS.income,
    `measured: Census 2021 province median household income (${ctx.province ?? 'CA'})`,
    'low',
  )
}
