import * as z from 'zod/mini';
import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { ActionFailure } from '~/lib/action-result';
import { formAction, jsonAction, withHeaders } from '~/lib/actions.server';
import { failureToastFor } from '~/lib/use-action-result';
import { Conflict } from '#core/errors';
import { listSearchParam } from '#core/list-query';
import { containsNul, NUL_REFUSED, searchText } from '#core/text';
import { parseForm } from '~/lib/forms';

const Schema = z.object({ name: z.string().check(z.minLength(1, 'Name is required')) });

function formRequest(fields: Record<string, string>) {
  return new Request('http://shop.test/x', { method: 'POST', body: new URLSearchParams(fields) });
}

/** What a React Router action's return value sends: the body and the status. */
function answer(result: unknown): { status: number; body: unknown; headers?: HeadersInit } {
  if (result && typeof result === 'object' && (result as { type?: string }).type === 'DataWithResponseInit') {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, ...(init?.headers ? { headers: init.headers } : {}) };
  }
  return { status: 200, body: result };
}

describe('one action contract', () => {
  it('answers field errors with 400 when the form does not fit its schema, without calling core', async () => {
    let called = false;
    const result = await formAction(formRequest({ name: '' }), Schema, async () => {
      called = true;
      return {};
    });
    expect(called).toBe(false);
    expect(answer(result)).toEqual({
      status: 400,
      body: {
        ok: false,
        error: { title: 'Please check the form', message: 'Please check the highlighted fields.' },
        fieldErrors: { name: 'Name is required' },
      },
    });
  });

  it('words a refused form for a caller without fields to mark, when asked', async () => {
    const result = await formAction(formRequest({ name: '' }), Schema, async () => ({}), {
      invalidMessage: 'That is not a product we know.',
    });
    expect(answer(result)).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: { message: 'That is not a product we know.' },
        fieldErrors: { name: 'Name is required' },
      },
    });
  });

  it('answers a domain error with its status, title and message', async () => {
    const result = await formAction(formRequest({ name: 'Ada' }), Schema, async () => {
      throw new Conflict('Already an admin', 'Error adding admin role');
    });
    expect(answer(result)).toEqual({
      status: 409,
      body: {
        ok: false,
        error: { title: 'Error adding admin role', message: 'Already an admin' },
        fieldErrors: {},
      },
    });
  });

  it('answers ok with the payload, keeps headers asked for, and lets a redirect through', async () => {
    expect(
      answer(
        await formAction(formRequest({ name: 'Ada' }), Schema, async ({ name }) => ({ greeting: name })),
      ),
    ).toEqual({
      status: 200,
      body: { ok: true, greeting: 'Ada' },
    });
    const withCookie = answer(
      await formAction(formRequest({ name: 'Ada' }), Schema, async () =>
        withHeaders({ toast: { title: 'Saved' } }, { 'Set-Cookie': 'a=b' }),
      ),
    );
    expect(withCookie).toEqual({
      status: 200,
      body: { ok: true, toast: { title: 'Saved' } },
      headers: { 'Set-Cookie': 'a=b' },
    });
    const redirect = new Response(null, { status: 302, headers: { Location: '/' } });
    expect(await formAction(formRequest({ name: 'Ada' }), Schema, async () => redirect)).toBe(redirect);
  });

  it('reads JSON bodies the same way, and a body that is not JSON is a 400', async () => {
    const json = (body: string) =>
      new Request('http://shop.test/x', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
      });
    expect(answer(await jsonAction(json('{"name":"Ada"}'), Schema, async ({ name }) => ({ name })))).toEqual({
      status: 200,
      body: { ok: true, name: 'Ada' },
    });
    expect(answer(await jsonAction(json('nope'), Schema, async () => ({})))).toMatchObject({
      status: 400,
      body: { ok: false, error: { message: 'Expected a JSON body.' } },
    });
  });
});

describe('what a failure shows in the browser', () => {
  const refused: ActionFailure = {
    ok: false,
    error: { title: 'Login failed', message: 'Invalid email or password' },
    fieldErrors: {},
  };
  const marked: ActionFailure = {
    ok: false,
    error: { title: 'Please check the form', message: 'Please check the highlighted fields.' },
    fieldErrors: { email: 'Please enter a valid email address' },
  };

  it('is its own title and message unless the form says otherwise', () => {
    expect(failureToastFor(refused)).toEqual({
      title: 'Login failed',
      description: 'Invalid email or password',
    });
    expect(failureToastFor(marked, true)).toEqual({
      title: 'Please check the form',
      description: 'Please check the highlighted fields.',
    });
    expect(failureToastFor(refused, false)).toBeNull();
  });

  it('is left to the fields when they are marked, if the form shows its errors there', () => {
    expect(failureToastFor(marked, 'unless-field-errors')).toBeNull();
    expect(failureToastFor(refused, 'unless-field-errors')).toEqual({
      title: 'Login failed',
      description: 'Invalid email or password',
    });
  });

  it('is the form’s own words when it gives them', () => {
    const words = (failure: ActionFailure) =>
      failure.fieldErrors.email
        ? { title: 'Could not send the link', description: failure.fieldErrors.email }
        : null;
    expect(failureToastFor(marked, words)).toEqual({
      title: 'Could not send the link',
      description: 'Please enter a valid email address',
    });
    expect(failureToastFor(refused, words)).toBeNull();
  });
});

describe('a NUL (U+0000) never reaches the database', () => {
  it('a form field holding one is refused on that field, whatever its schema, without calling core', async () => {
    let called = false;
    const result = await formAction(formRequest({ name: 'Fresh\u0000 Catfish' }), Schema, async () => {
      called = true;
      return {};
    });
    expect(called).toBe(false);
    expect(answer(result)).toMatchObject({ status: 400, body: { fieldErrors: { name: NUL_REFUSED } } });
    expect(parseForm(z.object({}), new URLSearchParams('note=a%00b') as unknown as FormData)).toEqual({
      ok: false,
      fieldErrors: { note: NUL_REFUSED },
    });
  });

  it('a JSON body holding one anywhere (a nested string, a key) is refused with the same words', async () => {
    const json = (body: unknown) =>
      new Request('http://shop.test/x', { method: 'POST', body: JSON.stringify(body) });
    for (const body of [{ name: 'a\u0000' }, { items: [{ note: ['x\u0000'] }] }, { ['k\u0000']: 1 }]) {
      const result = await jsonAction(json(body), z.unknown(), async () => ({}));
      expect(answer(result)).toMatchObject({ status: 400, body: { error: { message: NUL_REFUSED } } });
    }
    // The six characters "\u0000" typed as text are not a NUL.
    expect(answer(await jsonAction(json({ name: '\\u0000' }), z.unknown(), async () => ({}))).status).toBe(
      200,
    );
  });

  it('admin list searches turn control characters into spaces (one rule with the catalogue)', () => {
    const search = (q: string) => safeParse(z.object({ q: listSearchParam }), { q }).data?.q;
    expect(search('ngozi\u0000bello')).toBe('ngozi bello');
    expect(search('\u0000\t ada \n')).toBe('ada');
    expect(searchText('Port\u0000Harcourt\u007f')).toBe('Port Harcourt ');
  });

  it('admin list searches cut a long paste to 100 characters instead of dropping it', () => {
    const search = (q: string) => safeParse(z.object({ q: listSearchParam }), { q }).data?.q;
    expect(search(`okafor ${'x'.repeat(200)}`)).toBe(`okafor ${'x'.repeat(93)}`);
    expect(search(`${'a'.repeat(99)}  bello`)).toBe('a'.repeat(99));
    expect(search('  ')).toBe('');
    // 99 characters and a fish: the emoji is the 100th character, kept whole.
    expect(search(`${'a'.repeat(99)}🐟 and more`)).toBe(`${'a'.repeat(99)}🐟`);
  });
});

describe('containsNul', () => {
  it('finds a NUL at any depth, and walks a body nested far deeper than the stack allows', () => {
    expect(containsNul({ a: [{ b: ['x', 'y\u0000'] }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: [1, null, true, { b: 'fine' }] })).toBe(false);
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`) as unknown;
    expect(containsNul(deep)).toBe(true);
  });
});
