import { describe, expect, it } from 'vitest';
import { UserListQuerySchema } from '#core/accounts/schemas';
import { ActivityQuerySchema } from '#core/audit/schemas';
import { ProductListQuerySchema } from '#core/catalog/schemas';
import { DeliveryRateListQuerySchema } from '#core/delivery/schemas';
import { DiscountCodeListQuerySchema } from '#core/discounts/schemas';
import { readQuery } from '#core/list-query';
import { OrderListQuerySchema } from '#core/orders/schemas';

const read = <S extends Parameters<typeof readQuery>[0]>(schema: S, search: string) =>
  readQuery(schema, new URLSearchParams(search));

describe('an admin list reads its address (spec §5 "Admin filters")', () => {
  it('keeps what it can read: search, filters, page and the open dialog', () => {
    expect(read(OrderListQuerySchema, '?q=ada&status=shipped&payment=paid&userId=u-1&page=3')).toEqual({
      q: 'ada',
      status: 'shipped',
      payment: 'paid',
      userId: 'u-1',
      page: 3,
    });
    expect(read(ProductListQuerySchema, '?q=catfish&edit=new')).toMatchObject({
      q: 'catfish',
      page: 1,
      edit: 'new',
    });
    expect(read(DiscountCodeListQuerySchema, '?sort=usage&dir=desc&edit=7')).toMatchObject({
      sort: 'usage',
      dir: 'desc',
      edit: 7,
    });
    expect(read(ActivityQuerySchema, '?kind=product&adminId=a-1&page=2')).toEqual({
      kind: 'product',
      adminId: 'a-1',
      page: 2,
    });
  });

  it('reads a junk address as the plain list: no search, all, the first page, no dialog', () => {
    const junk = `?q=${'x'.repeat(300)}&page=-1&status=nope&payment=x&userId=a%20b&order=zz&edit=abc&sort=up&dir=x&kind=?&adminId=..%2F&user=${'u'.repeat(70)}`;
    const plain = (query: object) =>
      Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
    expect(plain(read(OrderListQuerySchema, junk))).toEqual({ q: 'x'.repeat(100), page: 1 });
    expect(plain(read(UserListQuerySchema, junk))).toEqual({ q: 'x'.repeat(100), page: 1 });
    expect(plain(read(ProductListQuerySchema, junk))).toEqual({ q: 'x'.repeat(100), page: 1 });
    expect(plain(read(DiscountCodeListQuerySchema, junk))).toEqual({ page: 1 });
    expect(plain(read(ActivityQuerySchema, junk))).toEqual({ page: 1 });
    expect(plain(read(DeliveryRateListQuerySchema, junk))).toEqual({});
    expect(read(OrderListQuerySchema, '?page=100001').page).toBe(1);
  });

  it('counts a name given twice once, by its last value', () => {
    expect(read(OrderListQuerySchema, '?status=shipped&status=bogus').status).toBeUndefined();
    expect(read(ProductListQuerySchema, '?edit=0&edit=7').edit).toBe(7);
  });
});
