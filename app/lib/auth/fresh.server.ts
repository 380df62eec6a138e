import { requireFreshPassword } from '#core/accounts/fresh';
import { Unauthorized } from '#core/errors';
import { shop, type ShopContext } from '../context';
import { isCurrentCode } from './gateway.server';
import { currentSession } from './session.server';

/**
 * The password again (and an admin's code) before money or power moves (core/accounts/fresh.ts), for the session this request
 * carries, as the database has it now. `act({ fresh })` asks it before the action's work.
 */
export async function requireFreshSession(
  request: Request,
  context: ShopContext,
  form: FormData,
): Promise<void> {
  const { services, clientIp } = shop(context);
  const found = await currentSession(request, context);
  if (!found) throw new Unauthorized('Please sign in again.', 'Sign in required');
  await requireFreshPassword(
    {
      db: services.db,
      checkPassword: services.checkPassword,
      checkCode: (code) => isCurrentCode(request, context, code),
    },
    { ...found, clientAddress: clientIp },
    { form, action: new URL(request.url).pathname.replace(/\.data$/, '') + new URL(request.url).search },
  );
}
