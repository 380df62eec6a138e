import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import type { ProductCategory } from './categories';

export interface ProductSummary {
  id: number;
  name: string;
  priceKobo: number;
  currency: string;
  imageUrl: string | null;
  category: ProductCategory;
  location: string | null;
  weightGrams: number;
  averageRating: number;
  reviewCount: number;
  inStock: boolean;
}

export const productSummaryColumns = {
  id: products.id,
  name: products.name,
  priceKobo: products.priceKobo,
  currency: products.currency,
  imageUrl: products.imageUrl,
  category: products.category,
  location: products.location,
  weightGrams: products.weightGrams,
  averageRating: products.averageRating,
  reviewCount: products.reviewCount,
  inStock: products.inStock,
};

/** 'Popular Items': the highest rated products (spec §2, limit 4). */
export async function listPopularProducts(db: Db, limit = 4): Promise<ProductSummary[]> {
  return db
    .select(productSummaryColumns)
    .from(products)
    .orderBy(desc(products.averageRating), desc(products.reviewCount), products.id)
    .limit(limit);
}
