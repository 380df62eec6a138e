import { EntriesBodySchema } from '#core/farm/schemas';
import { recordEntries } from '#core/farm/entries';
import { act } from '~/lib/route.server';

/**
 * The lines a phone wrote (offline or not), sent as JSON: each saved once by its id; the answer says
 * which were saved now, which were saved before, and which were refused with their field's message.
 */
export const action = act({
  auth: 'farm',
  json: EntriesBodySchema,
  errorTitle: 'Entries not sent',
  run: async ({ farm, input, services: { db } }) => ({ ...(await recordEntries(db, farm, input.entries)) }),
});
