import { correctLine } from '#core/farm/entries';
import { CorrectionFormSchema } from '#core/farm/schemas';
import { act } from '~/lib/route.server';

/** A correction of a line of the book (the cycle page's "Correct"), behind the farm's door. */
export const action = act({
  auth: 'farm',
  form: CorrectionFormSchema,
  run: async ({ farm, input, services: { db } }) => {
    await correctLine(db, farm, input);
    return { toast: { title: 'Corrected', description: 'The book keeps who corrected it and when.' } };
  },
});
