import { PRODUCT_CATEGORIES, type ProductCategory } from '../../db/schema/enums';
import { perWeightLabel } from '../money';

/** The categories are the schema's (db/schema/enums.ts: spec §9's order, 1 fresh … 6 feeds). */
export { PRODUCT_CATEGORIES, type ProductCategory };

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  fresh: 'Fresh Fish',
  shellfish: 'Shellfish',
  smoked: 'Smoked Fish',
  dried: 'Dried Fish',
  equipment: 'Equipment',
  feeds: 'Feeds',
};

export function isProductCategory(value: unknown): value is ProductCategory {
  return typeof value === 'string' && (PRODUCT_CATEGORIES as readonly string[]).includes(value);
}

/** `?category=3` → 'smoked'; anything that is not an id 1–6 → undefined. */
export function categoryFromId(id: string | number | null | undefined): ProductCategory | undefined {
  const n = typeof id === 'number' ? id : Number(id);
  if (!Number.isInteger(n)) return undefined;
  return PRODUCT_CATEGORIES[n - 1];
}

export function categoryId(category: ProductCategory): number {
  return PRODUCT_CATEGORIES.indexOf(category) + 1;
}

/**
 * What a price is for: fish by weight ("per kg", "per 500 g"); equipment by the item and
 * feeds by the bag, whatever they weigh ("per 45 kg" read as a price by weight).
 */
export function priceUnitLabel(product: { category: ProductCategory; weightGrams: number }): string {
  if (product.category === 'equipment') return 'per item';
  if (product.category === 'feeds') return 'per bag';
  return perWeightLabel(product.weightGrams);
}
