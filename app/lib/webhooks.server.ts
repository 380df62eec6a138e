import { type DomainError, Invalid, NotFound, Unauthorized } from '#core/errors';
import { errorResponse } from './errors.server';

/** A refusal in the shape providers read, `{ error }`, with the mapper's status. */
export function webhookRefusal(error: DomainError) {
  return errorResponse(error, { error: error.message });
}

/**
 * The body of a provider's signed webhook call (Paystack, WhatsApp, Termii), parsed as JSON. Its
 * signature is checked on the raw bytes the server has already bounded (server/request-body.ts) by
 * `isValid`, which is null when the provider is not configured here. Returns the payload, or the
 * refusal to answer with: 404 not configured, 401 a bad signature (logged), 400 not JSON.
 */
export async function signedWebhookJson(
  request: Request,
  provider: string,
  isValid: ((raw: Uint8Array, headers: Headers) => boolean) | null,
  logger: { warn(obj: object, msg?: string): void },
): Promise<{ payload: unknown } | { refusal: ReturnType<typeof webhookRefusal> }> {
  if (!isValid) return { refusal: webhookRefusal(new NotFound(`${provider} is not configured.`)) };
  const raw = new Uint8Array(await request.arrayBuffer());
  if (!isValid(raw, request.headers)) {
    logger.warn({ module: 'webhook' }, `${provider} webhook with a bad signature refused`);
    return { refusal: webhookRefusal(new Unauthorized('Invalid signature.')) };
  }
  try {
    return { payload: JSON.parse(Buffer.from(raw).toString('utf8')) as unknown };
  } catch {
    return { refusal: webhookRefusal(new Invalid('Expected JSON.')) };
  }
}
