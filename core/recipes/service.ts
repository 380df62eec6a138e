import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, recipes } from '../../db/schema';
import { NotFound } from '../errors';

export type Recipe = typeof recipes.$inferSelect;

export interface RecipeDetail extends Recipe {
  /** The products an ingredient links to, by id (only those that still exist). */
  linkedProducts: Record<
    number,
    { id: number; name: string; priceKobo: number; weightGrams: number; inStock: boolean }
  >;
}

export async function listRecipes(db: Db): Promise<Recipe[]> {
  return db.select().from(recipes).orderBy(asc(recipes.id));
}

export async function getRecipe(db: Db, id: number): Promise<RecipeDetail> {
  const [recipe] = await db.select().from(recipes).where(eq(recipes.id, id));
  if (!recipe) throw new NotFound('This recipe does not exist.');
  const ids = recipe.ingredients.flatMap((i) => (i.productId ? [i.productId] : []));
  const rows = ids.length
    ? await db
        .select({
          id: products.id,
          name: products.name,
          priceKobo: products.priceKobo,
          weightGrams: products.weightGrams,
          inStock: products.inStock,
        })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  return { linkedProducts: Object.fromEntries(rows.map((r) => [r.id, r])), ...recipe };
}
