import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { productSummaryColumns, type ProductSummary } from './service';

/** Ready-made bundles on /specials. Priced as the sum of their products: no pretend discount. */
export interface SpecialPack {
  slug: string;
  title: string;
  description: string;
  items: { productName: string; quantity: number }[];
}

export const SPECIAL_PACKS: SpecialPack[] = [
  {
    slug: 'pepper-soup-pack',
    title: 'Pepper Soup Pack',
    description:
      'Everything fishy for a pot of point-and-kill pepper soup for six: live catfish, crayfish and periwinkle.',
    items: [
      { productName: 'Live Catfish (Table Size)', quantity: 2 },
      { productName: 'Ground Crayfish', quantity: 1 },
      { productName: 'Periwinkle (Shelled)', quantity: 1 },
    ],
  },
  {
    slug: 'soup-starter-pack',
    title: 'Soup Starter Pack',
    description:
      'The dried and smoked basics of a Nigerian kitchen: stockfish, smoked catfish, dried bonga and crayfish.',
    items: [
      { productName: 'Stockfish Head (Okporoko)', quantity: 1 },
      { productName: 'Smoked Catfish', quantity: 1 },
      { productName: 'Dried Bonga', quantity: 1 },
      { productName: 'Ground Crayfish', quantity: 1 },
    ],
  },
  {
    slug: 'seafood-party-pack',
    title: 'Seafood Party Pack',
    description: 'For seafood okra or a grill night: tiger prawns, mangrove crabs and a whole red snapper.',
    items: [
      { productName: 'Giant Tiger Prawns', quantity: 1 },
      { productName: 'Fresh Mangrove Crabs', quantity: 1 },
      { productName: 'Red Snapper', quantity: 1 },
    ],
  },
  {
    slug: 'new-farmer-kit',
    title: 'New Fish Farmer Kit',
    description:
      'Start a backyard catfish pond: a collapsible tarpaulin pond, starter and grower feed, and a water test kit.',
    items: [
      { productName: 'Collapsible Tarpaulin Pond (4,000 L)', quantity: 1 },
      { productName: 'Catfish Starter Feed 0.8 mm (10 kg)', quantity: 1 },
      { productName: 'Floating Fish Feed 2 mm (15 kg)', quantity: 1 },
      { productName: 'Water Test Kit (pH, Ammonia, Oxygen)', quantity: 1 },
    ],
  },
];

export interface ResolvedPack extends SpecialPack {
  lines: { product: ProductSummary; quantity: number }[];
  /** Every product of the pack exists and is in stock. */
  available: boolean;
  totalKobo: number;
}

/** Looks up each pack's products as they are today. */
export async function listSpecialPacks(db: Db): Promise<ResolvedPack[]> {
  const names = [...new Set(SPECIAL_PACKS.flatMap((p) => p.items.map((i) => i.productName)))];
  const rows = await db.select(productSummaryColumns).from(products).where(inArray(products.name, names));
  const byName = new Map(rows.map((r) => [r.name, r]));
  return SPECIAL_PACKS.map((pack) => {
    const lines = pack.items.flatMap((item) => {
      const product = byName.get(item.productName);
      return product ? [{ product, quantity: item.quantity }] : [];
    });
    const available = lines.length === pack.items.length && lines.every((l) => l.product.inStock);
    const totalKobo = lines.reduce((sum, l) => sum + l.product.priceKobo * l.quantity, 0);
    return { lines, available, totalKobo, ...pack };
  });
}
