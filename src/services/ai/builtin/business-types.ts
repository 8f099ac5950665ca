// The business types of the built-in AI provider's taxonomy (taxonomy.ts): ≥ 60 kinds of business,
// each with English and French words and the weight profile it maps to (profiles.ts). Data only.
// Words are written folded (lower case, no accents, punctuation as spaces: taxonomy.ts fold()); a
// plural in -s or -x matches too. The longest matching words win, so add specific phrases
// ("dental clinic") rather than exceptions.
import type { ProfileId } from './profiles'

export interface BusinessType {
  id: string
  label: string
  labelFr: string
  profile: ProfileId
  terms: string[]
}

/** One type; its words separated by "|". */
const t = (id: string, label: string, labelFr: string, profile: ProfileId, terms: string): BusinessType => ({
  id,
  label,
  labelFr,
  profile,
  terms: terms.split('|'),
})

export const BUSINESS_TYPES: readonly BusinessType[] = [
  // Food and drink
  t('coffee-shop', 'coffee shop', 'café', 'walkInFood', 'coffee|coffee shop|cafe|espresso bar|tea room|bubble tea|salon de the'),
  t('bakery', 'bakery', 'boulangerie', 'walkInFood', 'bakery|bakeries|patisserie|pastry shop|boulangerie|viennoiserie'),
  t('ice-cream', 'ice cream shop', 'crèmerie', 'walkInFood', 'ice cream|gelato|frozen yogurt|cremerie|bar laitier|glacier'),
  t('deli', 'deli', 'charcuterie', 'walkInFood', 'deli|delicatessen|sandwich shop|charcuterie|traiteur'),
  t('juice-bar', 'juice bar', 'bar à jus', 'walkInFood', 'juice bar|smoothie|bar a jus'),
  t('restaurant', 'restaurant', 'restaurant', 'restaurant', 'restaurant|bistro|diner|brasserie|eatery|brunch'),
  t('pizzeria', 'pizzeria', 'pizzeria', 'restaurant', 'pizzeria|pizza|pizza place|pizza shop|pizza restaurant'),
  t(
    'fast-food',
    'fast-food restaurant',
    'restauration rapide',
    'quickService',
    'fast food|fast food restaurant|burger joint|burger|restauration rapide|casse croute|drive through restaurant|' +
      'drive thru restaurant',
  ),
  t('bar', 'bar or pub', 'bar', 'nightlife', 'bar|pub|brewpub|tavern|taverne|microbrasserie|brewery|wine bar|cocktail bar'),
  t('nightclub', 'nightclub', 'boîte de nuit', 'nightlife', 'nightclub|night club|boite de nuit|discotheque'),
  t('grocery', 'grocery store', 'épicerie', 'bigBox', 'grocery|grocery store|supermarket|epicerie|supermarche|marche d alimentation'),
  t('convenience-store', 'convenience store', 'dépanneur', 'neighbourhood', 'convenience store|corner store|depanneur|variety store'),
  t(
    'liquor-store',
    'liquor store',
    'boutique d’alcool',
    'neighbourhood',
    'liquor store|wine store|beer store|succursale saq|boutique d alcool',
  ),
  t('butcher', 'butcher', 'boucherie', 'neighbourhood', 'butcher|butcher shop|boucherie|poissonnerie|fish market'),
  // Retail
  t('bookstore', 'bookstore', 'librairie', 'pedestrianRetail', 'bookstore|bookshop|book store|librairie'),
  t(
    'clothing-store',
    'clothing store',
    'boutique de vêtements',
    'pedestrianRetail',
    'clothing|clothes|fashion|apparel|vetement|boutique de vetement|friperie|thrift store',
  ),
  t('shoe-store', 'shoe store', 'magasin de chaussures', 'pedestrianRetail', 'shoe store|shoes|chaussure|magasin de chaussure'),
  t('jewellery', 'jewellery store', 'bijouterie', 'upscale', 'jewellery|jewelry|jeweller|jeweler|bijouterie|joaillerie'),
  t('gift-shop', 'gift shop', 'boutique de cadeaux', 'pedestrianRetail', 'gift shop|gifts|souvenir|boutique de cadeaux'),
  t('toy-store', 'toy store', 'magasin de jouets', 'pedestrianRetail', 'toy store|toys|magasin de jouet'),
  t('florist', 'florist', 'fleuriste', 'pedestrianRetail', 'florist|flower shop|flowers|fleuriste'),
  t('cannabis-store', 'cannabis store', 'boutique de cannabis', 'pedestrianRetail', 'cannabis|dispensary|sqdc'),
  t(
    'music-store',
    'music store',
    'magasin de musique',
    'pedestrianRetail',
    'music store|record store|instruments de musique|magasin de musique',
  ),
  t(
    'bike-shop',
    'bike or sporting goods shop',
    'boutique de vélos ou de sport',
    'pedestrianRetail',
    'bike shop|bicycle|sporting goods|ski shop|boutique de velo|articles de sport',
  ),
  t(
    'electronics',
    'electronics store',
    'magasin d’électronique',
    'bigBox',
    'electronics|phone store|cell phone|computer store|electronique',
  ),
  t('furniture-store', 'furniture store', 'magasin de meubles', 'bigBox', 'furniture|mattress|meuble|matelas|magasin de meuble'),
  t('hardware-store', 'hardware store', 'quincaillerie', 'bigBox', 'hardware|home improvement|quincaillerie|renovation centre'),
  t(
    'garden-centre',
    'garden centre',
    'jardinerie',
    'bigBox',
    'garden centre|garden center|plant nursery|jardinerie|centre de jardin|pepiniere',
  ),
  t('pet-store', 'pet store', 'animalerie', 'neighbourhood', 'pet store|pet shop|pet supplies|animalerie'),
  t(
    'dollar-store',
    'discount store',
    'magasin à rabais',
    'neighbourhood',
    'dollar store|discount store|magasin a rabais|magasin a un dollar',
  ),
  t('art-gallery', 'art gallery', 'galerie d’art', 'upscale', 'art gallery|gallery|galerie|galerie d art'),
  t('optician', 'optician', 'opticien', 'professional', 'optician|optometrist|eyewear|opticien|optometriste|lunetterie'),
  // Health and personal care
  t('pharmacy', 'pharmacy', 'pharmacie', 'neighbourhood', 'pharmacy|pharmacies|drugstore|drug store|pharmacie'),
  t(
    'dentist',
    'dental clinic',
    'clinique dentaire',
    'professional',
    'dentist|dental|dental clinic|dentiste|clinique dentaire|orthodontist',
  ),
  t(
    'medical-clinic',
    'medical clinic',
    'clinique médicale',
    'professional',
    'clinic|medical clinic|doctor|walk in clinic|clinique|clinique medicale|medecin',
  ),
  t(
    'physiotherapy',
    'physiotherapy or chiropractic clinic',
    'clinique de physiothérapie',
    'professional',
    'physiotherapy|physio|chiropractor|chiropractic|physiotherapie|chiropraticien|massage therapy|massotherapie',
  ),
  t('veterinary', 'veterinary clinic', 'clinique vétérinaire', 'neighbourhood', 'vet|veterinary|veterinarian|animal hospital|veterinaire'),
  t(
    'hair-salon',
    'hair salon or barber',
    'salon de coiffure',
    'neighbourhood',
    'hair salon|hairdresser|barber|barbershop|salon de coiffure|coiffure|coiffeur|coiffeuse|barbier',
  ),
  t(
    'beauty-salon',
    'beauty salon or spa',
    'salon de beauté ou spa',
    'upscale',
    'spa|day spa|nail salon|beauty salon|esthetics|salon de beaute|institut de beaute|esthetique|onglerie',
  ),
  t('tattoo', 'tattoo studio', 'salon de tatouage', 'pedestrianRetail', 'tattoo|tattoo studio|tattoo parlour|tatouage|salon de tatouage'),
  t(
    'gym',
    'gym or fitness studio',
    'centre de conditionnement physique',
    'transitOriented',
    'gym|fitness|yoga|yoga studio|pilates|crossfit|martial arts|dojo|salle de sport|centre de conditionnement|' + 'salle d entrainement',
  ),
  t('daycare', 'daycare', 'garderie', 'neighbourhood', 'daycare|day care|child care|childcare|garderie|cpe'),
  t(
    'tutoring',
    'school or tutoring centre',
    'école ou centre de tutorat',
    'transitOriented',
    'tutoring|language school|driving school|music school|ecole de langue|ecole de conduite|tutorat',
  ),
  t(
    'laundry',
    'laundromat or dry cleaner',
    'buanderie ou nettoyeur',
    'neighbourhood',
    'laundromat|dry cleaner|dry cleaning|buanderie|nettoyeur',
  ),
  // Professional services
  t('lawyer', 'law office', 'cabinet d’avocats', 'professional', 'lawyer|law firm|law office|notary|avocat|cabinet d avocat|notaire'),
  t(
    'accountant',
    'accounting office',
    'cabinet comptable',
    'professional',
    'accountant|accounting|bookkeeping|tax preparation|comptable|cabinet comptable',
  ),
  t(
    'real-estate',
    'real estate office',
    'agence immobilière',
    'professional',
    'real estate|realtor|realty|immobilier|immobiliere|courtier immobilier|agence immobiliere',
  ),
  t('insurance', 'insurance broker', 'courtier d’assurance', 'professional', 'insurance|assurance|courtier d assurance'),
  t('bank', 'bank or credit union', 'banque ou caisse', 'professional', 'bank|credit union|banque|caisse|caisse populaire'),
  t('travel-agency', 'travel agency', 'agence de voyages', 'professional', 'travel agency|travel agent|agence de voyage'),
  t('print-shop', 'print shop', 'imprimerie', 'professional', 'print shop|printing|copy centre|imprimerie'),
  t(
    'photo-studio',
    'photography studio',
    'studio de photographie',
    'professional',
    'photography|photographer|photo studio|photographe|studio de photographie',
  ),
  t(
    'coworking',
    'coworking space',
    'espace de coworking',
    'transitOriented',
    'coworking|co working|shared office|espace de travail partage',
  ),
  // Automotive
  t(
    'car-dealership',
    'car dealership',
    'concessionnaire automobile',
    'automotive',
    'car dealership|dealership|car dealer|auto dealer|used cars|concessionnaire|concessionnaire automobile',
  ),
  t(
    'auto-repair',
    'auto repair shop',
    'garage de mécanique',
    'automotive',
    'auto repair|car repair|mechanic|garage|body shop|tire shop|tires|oil change|garage automobile|mecanique|' +
      'mecanicien|carrosserie|pneus',
  ),
  t(
    'gas-station',
    'gas station',
    'station-service',
    'driveThrough',
    'gas station|gas bar|fuel|petrol station|station service|station d essence',
  ),
  t('car-wash', 'car wash', 'lave-auto', 'driveThrough', 'car wash|carwash|lave auto'),
  t('car-rental', 'car rental', 'location d’autos', 'automotive', 'car rental|truck rental|location d auto|location de voiture'),
  // Hospitality, entertainment, venues
  t('hotel', 'hotel', 'hôtel', 'hospitality', 'hotel|inn|auberge|bed and breakfast|gite'),
  t('motel', 'motel', 'motel', 'automotive', 'motel'),
  t('cinema', 'cinema or theatre', 'cinéma ou théâtre', 'nightlife', 'cinema|movie theatre|movie theater|theatre|theater'),
  t('event-venue', 'event venue', 'salle de réception', 'bigBox', 'event venue|banquet hall|wedding venue|salle de reception'),
  t('funeral-home', 'funeral home', 'salon funéraire', 'bigBox', 'funeral home|funeral|salon funeraire|complexe funeraire'),
  t('church', 'place of worship', 'lieu de culte', 'neighbourhood', 'church|place of worship|mosque|synagogue|temple|eglise|lieu de culte'),
  // Trades and industrial
  t(
    'contractor',
    'contractor or trade',
    'entrepreneur',
    'industrial',
    'contractor|plumber|plumbing|electrician|roofing|roofer|renovation|landscaping|hvac|entrepreneur|plombier|' +
      'plomberie|electricien|toiture|couvreur|paysagiste',
  ),
  t('self-storage', 'self-storage', 'entreposage libre-service', 'industrial', 'self storage|storage units|mini entrepot|entreposage'),
  t(
    'warehouse',
    'warehouse or factory outlet',
    'entrepôt',
    'industrial',
    'warehouse|distribution centre|factory|manufacturing|entrepot|usine',
  ),
  t(
    'equipment-rental',
    'equipment rental',
    'location d’équipement',
    'industrial',
    'equipment rental|tool rental|location d equipement|location d outil',
  ),
]
