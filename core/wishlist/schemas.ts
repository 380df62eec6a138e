import * as z from 'zod/mini';
import { MAX_ROW_ID } from '../ids';

const productId = z.coerce.number().check(z.int(), z.positive(), z.lte(MAX_ROW_ID));

export const WishlistChangeSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), productId }),
  z.object({ intent: z.literal('remove'), productId }),
  z.object({
    intent: z.literal('merge'),
    productIds: z.pipe(
      z.string(),
      z.transform((list) => list.split(',').map(Number)),
    ),
  }),
]);
