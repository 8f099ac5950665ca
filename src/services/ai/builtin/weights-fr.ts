// French wording of the built-in /ai/weights rationale (weights.ts): profile names and reasons, and the
// setting modifiers'. Same meaning as the English in profiles.ts.
import type { Modifier, ProfileId } from './profiles'

export const PROFILES_FR: Record<ProfileId, { name: string; why: string }> = {
  walkInFood: {
    name: 'alimentation sans rendez-vous',
    why: 'la clientèle arrive surtout à pied des logements, bureaux et commerces voisins',
  },
  restaurant: {
    name: 'restaurant avec service',
    why: 'la clientèle vient des rues voisines comme de plus loin, en auto et en transport en commun',
  },
  quickService: { name: 'restauration rapide', why: 'beaucoup de clients s’arrêtent sur un coup de tête en passant en auto' },
  nightlife: {
    name: 'vie nocturne et divertissement',
    why: 'les visiteurs viennent dans des rues animées, à pied et en transport en commun',
  },
  pedestrianRetail: { name: 'commerce sur rue', why: 'les clients magasinent à pied le long des rues commerçantes' },
  upscale: {
    name: 'commerce et services haut de gamme',
    why: 'les dépenses suivent le revenu des ménages du secteur et un milieu commercial fort',
  },
  neighbourhood: {
    name: 'service de quartier',
    why: 'les clients réguliers habitent tout près : les résidents comptent plus que la circulation',
  },
  professional: {
    name: 'bureau professionnel',
    why: 'les clients choisissent d’avance; l’enseigne sert surtout à trouver et à retenir le bureau',
  },
  bigBox: { name: 'magasin de destination', why: 'les clients viennent en auto pour des achats planifiés et importants' },
  automotive: { name: 'automobile', why: 'tous les clients arrivent en auto : l’enseigne doit se voir d’une route passante' },
  driveThrough: {
    name: 'service au volant',
    why: 'les clients ne quittent pas leur auto; ce qui compte, ce sont les véhicules qui passent et une route importante',
  },
  transitOriented: {
    name: 'axé sur le transport en commun',
    why: 'membres et élèves viennent régulièrement, souvent en transport en commun',
  },
  hospitality: { name: 'hébergement', why: 'les clients arrivent en auto et depuis des secteurs achalandés' },
  industrial: {
    name: 'métiers et industrie',
    why: 'les clients sont des conducteurs et des gens de métier qui doivent repérer l’entreprise d’une artère',
  },
}

export const MODIFIERS_FR: Record<Modifier['id'], string> = {
  downtown: 'un centre-ville donne plus de poids aux piétons et au transport en commun',
  roadside: 'un bord de route ou d’autoroute donne plus de poids aux véhicules qui passent',
}
