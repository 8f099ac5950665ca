// Canadian provinces and territories: codes, English and French names, common abbreviations.
import { normalizeName } from './text'

export const PROVINCE_CODES = ['NL', 'PE', 'NS', 'NB', 'QC', 'ON', 'MB', 'SK', 'AB', 'BC', 'YT', 'NT', 'NU'] as const
export type ProvinceCode = (typeof PROVINCE_CODES)[number]

export const PROVINCE_NAMES: Record<ProvinceCode, string> = {
  NL: 'Newfoundland and Labrador',
  PE: 'Prince Edward Island',
  NS: 'Nova Scotia',
  NB: 'New Brunswick',
  QC: 'Quebec',
  ON: 'Ontario',
  MB: 'Manitoba',
  SK: 'Saskatchewan',
  AB: 'Alberta',
  BC: 'British Columbia',
  YT: 'Yukon',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
}

// Every spelling we accept, normalised with normalizeName (accents and punctuation removed).
const SPELLINGS: Record<ProvinceCode, string[]> = {
  NL: ['nl', 'nfld', 'newfoundland and labrador', 'newfoundland', 'terre neuve et labrador', 'terre neuve', 't n l', 'tnl', 'nf'],
  PE: ['pe', 'pei', 'p e i', 'prince edward island', 'ile du prince edouard', 'i p e', 'ipe'],
  NS: ['ns', 'n s', 'nova scotia', 'nouvelle ecosse', 'n e'],
  NB: ['nb', 'n b', 'new brunswick', 'nouveau brunswick'],
  QC: ['qc', 'que', 'pq', 'quebec', 'province de quebec'],
  ON: ['on', 'ont', 'ontario'],
  MB: ['mb', 'man', 'manitoba'],
  SK: ['sk', 'sask', 'saskatchewan'],
  AB: ['ab', 'alta', 'alberta'],
  BC: ['bc', 'b c', 'british columbia', 'colombie britannique', 'c b', 'cb'],
  YT: ['yt', 'yk', 'yukon', 'yukon territory'],
  NT: ['nt', 'nwt', 'n w t', 'northwest territories', 'territoires du nord ouest', 'tno', 't n o'],
  NU: ['nu', 'nvt', 'nunavut'],
}

export const PROVINCE_BY_SPELLING = new Map<string, ProvinceCode>()
for (const code of PROVINCE_CODES) for (const s of SPELLINGS[code]) PROVINCE_BY_SPELLING.set(s, code)
/** Longest spelling in words, so a parser can try suffixes of at most this length. */
export const MAX_PROVINCE_WORDS = Math.max(...[...PROVINCE_BY_SPELLING.keys()].map((s) => s.split(' ').length))

export function provinceFromText(text: string): ProvinceCode | undefined {
  return PROVINCE_BY_SPELLING.get(normalizeName(text))
}

/** First letter of a postal code → province (Canada Post); X is split between NT and NU. */
const PROVINCE_BY_POSTAL_LETTER: Record<string, ProvinceCode> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
}

export function provinceOfPostalCode(postal: string): ProvinceCode | undefined {
  const fsa = postal.toUpperCase()
  if (fsa.startsWith('X0A') || fsa.startsWith('X0B') || fsa.startsWith('X0C')) return 'NU'
  return PROVINCE_BY_POSTAL_LETTER[fsa[0]]
}
