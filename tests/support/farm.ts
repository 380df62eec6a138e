import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '#db/client';
import * as schema from '#db/schema';
import type { HttpClient } from './http-client';

/**
 * A pond added and stocked through the owner's Ponds page, as a farmer does it: African catfish, the
 * counts given, target 1 kg. Returns the pond and its open cycle.
 */
export async function stockedPond(
  db: Db,
  owner: HttpClient,
  farmId: number,
  stock: { name?: string; stockedOn: string; count: number; averageG: number },
): Promise<{ pondId: number; cycleId: number }> {
  const page = `/farm/${farmId}/ponds`;
  const name = stock.name ?? 'Pond A';
  const added = await owner.postForm(page, {
    intent: 'add-pond',
    name,
    kind: 'earthen_pond',
    areaM2: '200',
    depthM: '1.2',
  });
  expect(added.status).toBe(200);
  const [pond] = await db
    .select({ id: schema.ponds.id })
    .from(schema.ponds)
    .where(and(eq(schema.ponds.farmId, farmId), eq(schema.ponds.name, name)));
  const stocked = await owner.postForm(page, {
    intent: 'stock',
    pondId: String(pond!.id),
    species: 'african_catfish',
    stockedOn: stock.stockedOn,
    count: String(stock.count),
    averageG: String(stock.averageG),
    source: 'Hatchery, Aba',
    cost: '50000',
    targetG: '1000',
  });
  expect(stocked.status).toBe(200);
  const [cycle] = await db
    .select({ id: schema.farmCycles.id })
    .from(schema.farmCycles)
    .where(and(eq(schema.farmCycles.pondId, pond!.id), isNull(schema.farmCycles.closedOn)));
  return { pondId: pond!.id, cycleId: cycle!.id };
}
