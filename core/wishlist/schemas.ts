import * as z from 'zod/mini';

const productId = z.coerce.number().check(z.int(), z.positive(), z.lt(2 ** 31));

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
