import type { ProductCategory } from '../../core/catalog/categories';

/** How a product's picture is drawn (scripts/make-product-images.ts); colours are CSS colours. */
export type ProductArt =
  | {
      kind: 'fish';
      body: string;
      belly: string;
      fin: string;
      stripes?: boolean;
      spots?: boolean;
      whiskers?: boolean;
      long?: boolean;
      deep?: boolean;
    }
  | { kind: 'smoked-fish'; body: string; curled?: boolean }
  | { kind: 'dried-fish'; body: string; split?: boolean }
  | { kind: 'prawn'; body: string; count: number }
  | { kind: 'crab'; body: string }
  | { kind: 'lobster'; body: string }
  | { kind: 'shells'; body: string; shape: 'periwinkle' | 'oyster' }
  | { kind: 'ground'; body: string }
  | { kind: 'feed-bag'; bag: string; band: string; pellet: string }
  | { kind: 'liner'; sheet: string; water: string }
  | { kind: 'tank'; wall: string; water: string }
  | { kind: 'aerator'; body: string; paddles: boolean }
  | { kind: 'net'; rope: string; round: boolean }
  | { kind: 'kit'; box: string }
  | { kind: 'bags'; film: string }
  | { kind: 'soup'; broth: string; pieces: string; leaf: string };

export interface SeedProduct {
  slug: string;
  name: string;
  category: ProductCategory;
  priceNaira: number;
  weightKg: number;
  origin: string;
  location: string;
  freshness: number;
  /** Days it keeps when not its category's (core/delivery/shelf-life.ts). */
  shelfLifeDays?: number;
  /** Quantity prices, "from N, ₦X each" (core/catalog/price-tiers.ts). */
  priceTiers?: { minQuantity: number; priceNaira: number }[];
  inStock?: boolean;
  description: string;
  art: ProductArt;
}

export const SEED_PRODUCTS: SeedProduct[] = [
  // Fresh fish
  {
    slug: 'live-catfish',
    name: 'Live Catfish (Table Size)',
    category: 'fresh',
    priceNaira: 4_800,
    weightKg: 1,
    origin: 'Rumuokoro fish farm, Port Harcourt',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Farm-raised African catfish (Clarias), 800 g to 1.2 kg each, harvested on the morning of delivery. Ideal for point-and-kill pepper soup. Cleaned and cut on request at no extra cost.',
    art: { kind: 'fish', body: '#4b5563', belly: '#9ca3af', fin: '#374151', whiskers: true, long: true },
  },
  {
    slug: 'fresh-tilapia',
    name: 'Fresh Tilapia',
    category: 'fresh',
    priceNaira: 4_200,
    weightKg: 1,
    origin: 'Kainji Lake, Niger State',
    location: 'Abuja',
    freshness: 5,
    description:
      'Whole tilapia, scaled and gutted, packed on ice. Sweet, mild white flesh for frying, grilling or stew. Three to four fish per kilogram.',
    art: { kind: 'fish', body: '#64748b', belly: '#cbd5e1', fin: '#be123c', stripes: true, deep: true },
  },
  {
    slug: 'fresh-croaker',
    name: 'Croaker Fish (Fresh)',
    category: 'fresh',
    priceNaira: 6_800,
    weightKg: 1,
    origin: 'Bonny Island, Rivers State',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Atlantic croaker landed by Bonny fishermen and chilled within hours. Firm flesh that holds together on the grill or in a rich tomato stew.',
    art: { kind: 'fish', body: '#a8a29e', belly: '#f5f5f4', fin: '#d97706' },
  },
  {
    slug: 'titus-mackerel',
    name: 'Titus Mackerel (Frozen)',
    category: 'fresh',
    priceNaira: 5_300,
    weightKg: 1,
    origin: 'North Atlantic, cold room in Trans-Amadi',
    location: 'Port Harcourt',
    freshness: 4,
    // Frozen hard in the cold room and sent in an ice box: it keeps for a Standard delivery, not a Joint one.
    shelfLifeDays: 3,
    description:
      'Blast-frozen Titus (Atlantic mackerel), kept at −18 °C until it leaves our cold room. Oily and full of flavour: fry it, grill it or add it to jollof.',
    art: { kind: 'fish', body: '#1e3a8a', belly: '#e0f2fe', fin: '#1e40af', stripes: true, long: true },
  },
  {
    slug: 'red-snapper',
    name: 'Red Snapper',
    category: 'fresh',
    priceNaira: 9_500,
    weightKg: 1,
    origin: 'Ibeno coast, Akwa Ibom',
    location: 'Lagos',
    freshness: 5,
    description:
      'Whole red snapper from the Ibeno coast, bright-eyed and firm. A centrepiece for parties: bake it whole or cut it into steaks for pepper soup.',
    art: { kind: 'fish', body: '#dc2626', belly: '#fecaca', fin: '#b91c1c', deep: true },
  },
  {
    slug: 'barracuda-steaks',
    name: 'Barracuda Steaks',
    category: 'fresh',
    priceNaira: 7_200,
    weightKg: 1,
    origin: 'Brass, Bayelsa State',
    location: 'Port Harcourt',
    freshness: 4,
    inStock: false,
    description:
      'Thick barracuda steaks cut from line-caught fish. Meaty and nearly boneless — perfect for suya-style grilling.',
    art: { kind: 'fish', body: '#475569', belly: '#e2e8f0', fin: '#334155', long: true, spots: true },
  },
  // Shellfish
  {
    slug: 'tiger-prawns',
    name: 'Giant Tiger Prawns',
    category: 'shellfish',
    priceNaira: 14_500,
    weightKg: 1,
    origin: 'Bonny estuary, Rivers State',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Large head-on tiger prawns, 12 to 16 per kilogram, caught in the Bonny estuary and frozen on landing. Grill them with garlic butter or add them to okra soup.',
    art: { kind: 'prawn', body: '#f97316', count: 3 },
  },
  {
    slug: 'shelled-periwinkle',
    name: 'Periwinkle (Shelled)',
    category: 'shellfish',
    priceNaira: 3_600,
    weightKg: 0.5,
    origin: 'Okrika mangroves, Rivers State',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Hand-picked periwinkle (isam), washed and removed from the shell. 500 g pack, ready for afang, edikang ikong or native soup.',
    art: { kind: 'shells', body: '#57534e', shape: 'periwinkle' },
  },
  {
    slug: 'live-crabs',
    name: 'Fresh Mangrove Crabs',
    category: 'shellfish',
    priceNaira: 7_800,
    weightKg: 1,
    origin: 'Buguma creeks, Rivers State',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Mangrove crabs delivered live and lively, four to six per kilogram. Sweet meat for seafood okra and pepper soup.',
    art: { kind: 'crab', body: '#b45309' },
  },
  {
    slug: 'spiny-lobster',
    name: 'Spiny Lobster',
    category: 'shellfish',
    priceNaira: 26_000,
    weightKg: 1,
    origin: 'Brass, Bayelsa State',
    location: 'Lagos',
    freshness: 5,
    description:
      'Whole spiny lobster for special occasions, one to two per kilogram. Split and grill, or steam with pepper and lime.',
    art: { kind: 'lobster', body: '#c2410c' },
  },
  {
    slug: 'mangrove-oysters',
    name: 'Mangrove Oysters',
    category: 'shellfish',
    priceNaira: 5_200,
    weightKg: 1,
    origin: 'Okrika, Rivers State',
    location: 'Port Harcourt',
    freshness: 4,
    description:
      'Rock oysters harvested from mangrove roots at low tide, cleaned and packed on ice. Steam them or add to native soup.',
    art: { kind: 'shells', body: '#a8a29e', shape: 'oyster' },
  },
  {
    slug: 'fresh-shrimps',
    name: 'Fresh River Shrimps',
    category: 'shellfish',
    priceNaira: 6_200,
    weightKg: 1,
    origin: 'Andoni, Rivers State',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Small sweet river shrimps, cleaned and frozen. Great for fried rice, stir-fry and seafood sauces.',
    art: { kind: 'prawn', body: '#fb923c', count: 5 },
  },
  // Smoked fish
  {
    slug: 'smoked-catfish',
    name: 'Smoked Catfish',
    category: 'smoked',
    priceNaira: 12_500,
    weightKg: 1,
    origin: 'Abonnema, Rivers State',
    location: 'Port Harcourt',
    freshness: 4,
    description:
      'Whole catfish smoked over hardwood until dry and golden, then curled in the traditional way. Keeps for weeks; gives ofe nsala and egusi a deep smoky taste.',
    art: { kind: 'smoked-fish', body: '#92400e', curled: true },
  },
  {
    slug: 'smoked-mackerel',
    name: 'Smoked Titus Mackerel',
    category: 'smoked',
    priceNaira: 7_400,
    weightKg: 1,
    origin: 'Oron, Akwa Ibom',
    location: 'Port Harcourt',
    freshness: 4,
    description:
      'Titus mackerel smoked until firm and glossy. Ready to eat, or flake it into stews, yam porridge and jollof.',
    art: { kind: 'smoked-fish', body: '#a16207' },
  },
  {
    slug: 'smoked-bonga',
    name: 'Smoked Bonga Fish',
    category: 'smoked',
    priceNaira: 6_600,
    weightKg: 1,
    origin: 'Badagry, Lagos',
    location: 'Lagos',
    freshness: 4,
    description:
      'Bonga (shad) smoked the Badagry way, rich and intense. A little goes a long way in vegetable soups and stews.',
    art: { kind: 'smoked-fish', body: '#78350f' },
  },
  {
    slug: 'smoked-croaker',
    name: 'Smoked Croaker',
    category: 'smoked',
    priceNaira: 9_800,
    weightKg: 1,
    origin: 'Bonny Island, Rivers State',
    location: 'Port Harcourt',
    freshness: 4,
    description:
      'Croaker smoked whole with its skin on. Meaty fillets with a gentle smoke, great in banga and ofe owerri.',
    art: { kind: 'smoked-fish', body: '#b45309', curled: true },
  },
  {
    slug: 'smoked-prawns',
    name: 'Smoked Prawns',
    category: 'smoked',
    priceNaira: 9_200,
    weightKg: 0.5,
    origin: 'Bonny estuary, Rivers State',
    location: 'Port Harcourt',
    freshness: 4,
    description:
      'Medium prawns smoked and dried just enough to keep. 500 g pack for jollof, fried rice and native soups.',
    art: { kind: 'prawn', body: '#9a3412', count: 4 },
  },
  // Dried fish
  {
    slug: 'stockfish-head',
    name: 'Stockfish Head (Okporoko)',
    category: 'dried',
    priceNaira: 15_500,
    weightKg: 1,
    origin: 'Lofoten, Norway (imported through Onitsha)',
    location: 'Port Harcourt',
    freshness: 4,
    description:
      'Whole air-dried cod heads, the favourite for ofe onugbu and egusi. Soak overnight before cooking; we can cut it for you on request.',
    art: { kind: 'dried-fish', body: '#d6d3d1' },
  },
  {
    slug: 'stockfish-fillet',
    name: 'Stockfish Fillet (Panla)',
    category: 'dried',
    priceNaira: 9_400,
    weightKg: 1,
    origin: 'Norway (imported through Lagos)',
    location: 'Lagos',
    freshness: 4,
    description:
      'Dried hake fillets (panla), firm and flaky once soaked. Excellent in vegetable soup and stew.',
    art: { kind: 'dried-fish', body: '#e7e5e4', split: true },
  },
  {
    slug: 'dried-bonga',
    name: 'Dried Bonga',
    category: 'dried',
    priceNaira: 5_700,
    weightKg: 1,
    origin: 'Calabar, Cross River State',
    location: 'Port Harcourt',
    freshness: 4,
    description:
      'Sun- and smoke-dried bonga fish for everyday cooking. Strong flavour, long shelf life, no additives.',
    art: { kind: 'dried-fish', body: '#a8a29e' },
  },
  {
    slug: 'ground-crayfish',
    name: 'Ground Crayfish',
    category: 'dried',
    priceNaira: 4_900,
    weightKg: 0.5,
    origin: 'Calabar, Cross River State',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Crayfish cleaned of sand and stones, then finely ground. 500 g pack: the base of almost every Nigerian soup.',
    art: { kind: 'ground', body: '#c2410c' },
  },
  {
    slug: 'whole-crayfish',
    name: 'Whole Dried Crayfish',
    category: 'dried',
    priceNaira: 8_300,
    weightKg: 1,
    origin: 'Oron, Akwa Ibom',
    location: 'Port Harcourt',
    freshness: 5,
    description: 'Whole dried crayfish, picked and sieved. Grind at home for the freshest taste.',
    art: { kind: 'prawn', body: '#ea580c', count: 6 },
  },
  {
    slug: 'dried-catfish',
    name: 'Dried Catfish (Eja Kika)',
    category: 'dried',
    priceNaira: 11_200,
    weightKg: 1,
    origin: 'Lake Chad basin, Borno State',
    location: 'Abuja',
    freshness: 4,
    description: 'Catfish dried hard in the northern sun. Soak, then cook in egusi, okra or efo riro.',
    art: { kind: 'dried-fish', body: '#57534e' },
  },
  // Equipment
  {
    slug: 'hdpe-pond-liner',
    name: 'HDPE Pond Liner 10 m × 10 m',
    category: 'equipment',
    priceNaira: 185_000,
    weightKg: 40,
    origin: 'Made in Nigeria (Ota, Ogun State)',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      '0.5 mm UV-stabilised high-density polyethylene liner for earthen ponds. Fish-safe, puncture resistant, rated for ten years in the sun.',
    art: { kind: 'liner', sheet: '#111827', water: '#0ea5e9' },
  },
  {
    slug: 'tarpaulin-pond',
    name: 'Collapsible Tarpaulin Pond (4,000 L)',
    category: 'equipment',
    priceNaira: 96_000,
    weightKg: 15,
    origin: 'Imported, assembled in Port Harcourt',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Round tarpaulin fish pond on a galvanised frame, 2.5 m across and 1 m deep. Holds up to 400 juvenile catfish; sets up in an afternoon.',
    art: { kind: 'tank', wall: '#1d4ed8', water: '#38bdf8' },
  },
  {
    slug: 'paddlewheel-aerator',
    name: 'Paddlewheel Aerator 1 HP',
    category: 'equipment',
    priceNaira: 325_000,
    weightKg: 45,
    origin: 'Imported (Taiwan), serviced in Port Harcourt',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Floating paddlewheel aerator for ponds up to 1,500 m². Raises dissolved oxygen at night and in hot weather. Comes with a one-year service warranty.',
    art: { kind: 'aerator', body: '#0f766e', paddles: true },
  },
  {
    slug: 'air-pump-aerator',
    name: 'Air Pump with Diffuser Stones',
    category: 'equipment',
    priceNaira: 46_500,
    weightKg: 5,
    origin: 'Imported, tested in Port Harcourt',
    location: 'Lagos',
    freshness: 5,
    description:
      'Quiet 60 L/min air pump with tubing and four diffuser stones, for tanks, hatcheries and fish transport.',
    art: { kind: 'aerator', body: '#334155', paddles: false },
  },
  {
    slug: 'seine-net',
    name: 'Seine Drag Net 30 m',
    category: 'equipment',
    priceNaira: 62_000,
    weightKg: 8,
    origin: 'Made in Nigeria (Onitsha)',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Knotless nylon drag net, 30 m long and 2 m deep with floats and sinkers. For harvesting and sorting pond fish.',
    art: { kind: 'net', rope: '#15803d', round: false },
  },
  {
    slug: 'cast-net',
    name: 'Cast Net 12 ft',
    category: 'equipment',
    priceNaira: 18_500,
    weightKg: 2,
    origin: 'Made in Nigeria (Onitsha)',
    location: 'Abuja',
    freshness: 5,
    description:
      'Monofilament cast net with a 12 ft spread and lead weights. For sampling ponds and catching fish for the pot.',
    art: { kind: 'net', rope: '#0369a1', round: true },
  },
  {
    slug: 'water-test-kit',
    name: 'Water Test Kit (pH, Ammonia, Oxygen)',
    category: 'equipment',
    priceNaira: 38_500,
    weightKg: 1,
    origin: 'Imported',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Test kit for pH, ammonia, nitrite and dissolved oxygen: 100 tests each, with a colour chart and a pond log book.',
    art: { kind: 'kit', box: '#7c3aed' },
  },
  {
    slug: 'fingerling-bags',
    name: 'Fingerling Transport Bags (100 pack)',
    category: 'equipment',
    priceNaira: 12_500,
    weightKg: 2,
    origin: 'Made in Nigeria (Aba)',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      'Thick oxygen-ready polythene bags with rubber bands, for moving fingerlings and juveniles safely over long journeys.',
    art: { kind: 'bags', film: '#bae6fd' },
  },
  // Feeds
  {
    slug: 'floating-feed-2mm',
    name: 'Floating Fish Feed 2 mm (15 kg)',
    category: 'feeds',
    priceNaira: 26_500,
    weightKg: 15,
    origin: 'Milled in Ibadan, Oyo State',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      '45% protein extruded floating pellets for fingerlings and post-fingerlings of catfish and tilapia. 15 kg bag.',
    art: { kind: 'feed-bag', bag: '#f59e0b', band: '#1e3a8a', pellet: '#92400e' },
  },
  {
    slug: 'floating-feed-4mm',
    name: 'Floating Fish Feed 4 mm (15 kg)',
    category: 'feeds',
    priceNaira: 25_000,
    weightKg: 15,
    origin: 'Milled in Ibadan, Oyo State',
    location: 'Port Harcourt',
    priceTiers: [
      { minQuantity: 10, priceNaira: 24_000 },
      { minQuantity: 50, priceNaira: 23_000 },
    ],
    freshness: 5,
    description:
      '42% protein floating pellets for juveniles. Stays on the surface so you can watch your fish feed and waste nothing.',
    art: { kind: 'feed-bag', bag: '#16a34a', band: '#facc15', pellet: '#a16207' },
  },
  {
    slug: 'floating-feed-6mm',
    name: 'Floating Fish Feed 6 mm (15 kg)',
    category: 'feeds',
    priceNaira: 24_200,
    weightKg: 15,
    origin: 'Milled in Ibadan, Oyo State',
    location: 'Lagos',
    priceTiers: [
      { minQuantity: 10, priceNaira: 23_200 },
      { minQuantity: 50, priceNaira: 22_200 },
    ],
    freshness: 5,
    description:
      '40% protein grower pellets for table-size catfish. Steady growth with a good feed conversion ratio.',
    art: { kind: 'feed-bag', bag: '#dc2626', band: '#fef3c7', pellet: '#78350f' },
  },
  {
    slug: 'catfish-starter-feed',
    name: 'Catfish Starter Feed 0.8 mm (10 kg)',
    category: 'feeds',
    priceNaira: 32_000,
    weightKg: 10,
    origin: 'Milled in Port Harcourt, Rivers State',
    location: 'Port Harcourt',
    freshness: 5,
    description:
      '52% protein crumble for hatchlings and fry in their first weeks. Fine enough for the smallest mouths.',
    art: { kind: 'feed-bag', bag: '#0ea5e9', band: '#ffffff', pellet: '#713f12' },
  },
  {
    slug: 'tilapia-sinking-feed',
    name: 'Tilapia Sinking Feed 3 mm (15 kg)',
    category: 'feeds',
    priceNaira: 19_800,
    weightKg: 15,
    origin: 'Milled in Kaduna, Kaduna State',
    location: 'Abuja',
    freshness: 5,
    description:
      '32% protein sinking pellets for tilapia in ponds and cages. Rich in plant protein, gentle on the water.',
    art: { kind: 'feed-bag', bag: '#7c3aed', band: '#f5f5f4', pellet: '#854d0e' },
  },
  {
    slug: 'broodstock-feed',
    name: 'Broodstock Feed 9 mm (15 kg)',
    category: 'feeds',
    priceNaira: 23_500,
    weightKg: 15,
    origin: 'Milled in Ibadan, Oyo State',
    location: 'Port Harcourt',
    freshness: 5,
    description: 'Vitamin-enriched pellets for brood fish, for better egg quality and hatch rates.',
    art: { kind: 'feed-bag', bag: '#475569', band: '#f97316', pellet: '#57534e' },
  },
];

export const productImageUrl = (slug: string) => `/images/products/${slug}-800.webp`;
