import * as z from 'zod/mini';
import { rowId } from '../ids';

const productId = rowId;

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
