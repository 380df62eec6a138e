import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionFailure, errorResponse, statusOf } from '~/lib/errors.server';
import {
  Conflict,
  type DomainError,
  ERROR_KINDS,
  Forbidden,
  Invalid,
  NotFound,
  NotSupported,
  TooManyRequests,
  Unauthorized,
  Unavailable,
} from '#core/errors';

/** What a React Router `data()` carries: the body and the response's init. */
function answer(result: unknown) {
  const { data, init } = result as { data: unknown; init: ResponseInit | null };
  return { status: init?.status, headers: new Headers(init?.headers), body: data };
}

describe('one mapper owns every status code', () => {
  it('gives each kind of domain error its status', () => {
    const errors: DomainError[] = [
      new Invalid('x'),
      new Unauthorized(),
      new Forbidden(),
      new NotFound(),
      new NotSupported('x'),
      new Conflict('x'),
      new TooManyRequests(),
      new Unavailable(),
    ];
    expect(errors.map((e) => e.kind)).toEqual([...ERROR_KINDS]);
    expect(errors.map(statusOf)).toEqual([400, 401, 403, 404, 405, 409, 429, 503]);
  });

  it('answers an action in the one failure shape, with the kind’s title when the error has none', () => {
    expect(answer(actionFailure(new Conflict('Already an admin')))).toMatchObject({
      status: 409,
      body: { ok: false, error: { title: 'Already done', message: 'Already an admin' }, fieldErrors: {} },
    });
    const tooMany = answer(actionFailure(new TooManyRequests('Wait.', 'Login failed', 60)));
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get('Retry-After')).toBe('60');
    expect(tooMany.body).toMatchObject({ error: { title: 'Login failed', message: 'Wait.' } });
  });

  it('lets a caller that is not a page (a webhook) keep its protocol’s body, with the mapper’s status', () => {
    expect(
      answer(errorResponse(new Unauthorized('Invalid signature.'), { error: 'Invalid signature.' })),
    ).toEqual(expect.objectContaining({ status: 401, body: { error: 'Invalid signature.' } }));
    expect(answer(errorResponse(new NotFound('Gone.')))).toMatchObject({
      status: 404,
      body: { message: 'Gone.' },
    });
  });

  it('rethrows anything that is not a domain error (a bug goes to the error boundary)', () => {
    const bug = new TypeError('undefined is not a function');
    expect(() => actionFailure(bug)).toThrow(bug);
  });
});

const APP = path.resolve(import.meta.dirname, '../../app');

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '+types' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name)
      ? [{ file: path.relative(APP, file), text: readFileSync(file, 'utf8') }]
      : [];
  });
}

const app = sources(APP);
const filesMatching = (pattern: RegExp, files = app) =>
  files.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

describe('the HTTP edge, as a newcomer finds it', () => {
  it('sets no status code by hand outside the mapper', () => {
    expect(filesMatching(/\bstatus:\s*\d{3}\b/)).toEqual([]);
  });

  it('checks no visitor inside an admin or account route: the area’s door does', () => {
    const areaRoutes = app.filter(({ file }) => /^routes[\\/](admin[\\/]|account)/.test(file));
    expect(areaRoutes.length).toBeGreaterThan(10);
    expect(filesMatching(/\brequire(Admin|User)\(/, areaRoutes)).toEqual([]);
  });

  it('gives every loader and action one shape (load/act), but for the few that read no fields', () => {
    const byHand = app.flatMap(({ file, text }) =>
      [...text.matchAll(/^export (?:async )?function (loader|action)\(\{/gm)].map((m) => `${file} ${m[1]}`),
    );
    expect(byHand.sort()).toEqual(
      [
        // The raw bytes are the point: a signature over the body, a picture.
        'routes/admin/product-image.ts action',
        'routes/api/paystack-webhook.ts action',
        'routes/api/termii-webhook.ts action',
        'routes/api/whatsapp-webhook.ts action',
        // Meta's handshake: its `hub.*` query answered in plain text, as its protocol asks.
        'routes/api/whatsapp-webhook.ts loader',
        // No fields: sign-out ends the session, social sign-in names a provider and leaves.
        'routes/logout.tsx action',
        'routes/social-sign-in.tsx action',
        // A public page with two guarded intents asks for the shopper (and the admin) itself.
        'routes/product.tsx action',
      ]
        .map((entry) => entry.replaceAll('/', path.sep))
        .sort(),
    );
  });

  it('calls Better Auth only through the gateway and the session module, and reads no status of its answers', () => {
    expect(filesMatching(/\bauth\.(handler|api)\b/).sort()).toEqual(
      [path.join('lib', 'auth', 'gateway.server.ts'), path.join('lib', 'auth', 'session.server.ts')].sort(),
    );
    expect(filesMatching(/\bresult\.status\b/)).toEqual([]);
  });
});
