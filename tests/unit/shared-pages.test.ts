import { describe, expect, it } from 'vitest';
import { getCheckedSessionUser, getSessionUser, getViewerKind } from '~/lib/auth/session.server';
import { isSharedPage } from '#server/page-cache';
import { shop, shopContext } from '~/lib/context';
import type { ShopRequest } from '#server/request-context';

// docs/decisions/021: a catalogue page may be stored for every signed-in visitor of one kind only while
// nothing of who the visitor is was read. A guest's request is enough to see the marking: the lookup
// ends at "no session cookie" without a database, and marks (or not) all the same.
function guestRequest() {
  const context = shopContext({ requestState: { databaseUnavailable: false } } as ShopRequest);
  return { request: new Request('http://shop.test/products'), context };
}

describe('pages shared among visitors of one kind', () => {
  it('reading the visitor’s kind keeps a page shareable; reading the user makes it personal', async () => {
    const kind = guestRequest();
    expect(await getViewerKind(kind.request, kind.context)).toBe('guest');
    expect(shop(kind.context).requestState.readsVisitor).toBeUndefined();

    for (const read of [getSessionUser, getCheckedSessionUser]) {
      const user = guestRequest();
      expect(await read(user.request, user.context)).toBeNull();
      expect(shop(user.context).requestState.readsVisitor, read.name).toBe(true);
    }
  });

  it('the page cache stores a page for the signed-in only when its route declared it shared and nothing read the user', () => {
    expect(isSharedPage({ sharedWithSignedIn: true })).toBe(true);
    expect(isSharedPage({ sharedWithSignedIn: true, readsVisitor: true })).toBe(false);
    expect(isSharedPage({ readsVisitor: false })).toBe(false);
    expect(isSharedPage({})).toBe(false);
  });
});
