import { useActionData, useLoaderData } from 'react-router';
import { type AdminListColumn, AdminListScreen } from '~/components/admin/list-screen';
import { ProductForm } from '~/components/admin/product-form';
import { RowConfirmButton, RowLink } from '~/components/admin/row-icon';
import { AdminThumbnail } from '~/components/admin/thumbnail';
import { Badge } from '~/components/ui/badge';

import { act, load } from '~/lib/route.server';
import { redirectWithToast } from '~/lib/toast.server';
import { backToList, useListHref } from '~/lib/use-list-href';
import { useActionResult } from '~/lib/use-action-result';
import { CATEGORY_LABELS } from '#core/catalog/categories';
import {
  type AdminProduct,
  createProduct,
  deleteProduct,
  getProductForAdmin,
  listProductLocationChoices,
  listProductsForAdmin,
  updateProduct,
} from '#core/catalog/management';
import { ProductActionSchema, ProductListQuerySchema } from '#core/catalog/schemas';
import { formatNaira, formatWeight } from '#core/money';
import { countedStock, formatStock } from '#core/stock/rules';
import type { Route } from './+types/products';

export const meta: Route.MetaFunction = () => [{ title: 'Products — FreshCatch Admin' }];

export const loader = load({
  auth: 'admin',
  query: ProductListQuerySchema,
  run: async ({ admin, query, services: { db } }) => {
    const [list, locations, editing] = await Promise.all([
      listProductsForAdmin(db, admin, query),
      listProductLocationChoices(db, admin),
      typeof query.edit === 'number' ? getProductForAdmin(db, admin, query.edit as number) : null,
    ]);
    return { list, locations, editing, adding: query.edit === 'new', query };
  },
});

export const action = act({
  auth: 'admin',
  form: ProductActionSchema,
  run: async ({ admin, input, services: { db }, request, context }) => {
    const listUrl = backToList(request, { edit: null });
    if (input.intent === 'delete') {
      await deleteProduct(db, admin, input.productId);
      return redirectWithToast(context, listUrl, { type: 'success', title: 'Product deleted successfully' });
    }
    if (input.intent === 'update') {
      await updateProduct(db, admin, input.productId, input);
      return redirectWithToast(context, listUrl, { type: 'success', title: 'Product updated successfully' });
    }
    await createProduct(db, admin, input);
    return redirectWithToast(context, listUrl, { type: 'success', title: 'Product added successfully' });
  },
});

const PRODUCT_COLUMNS: AdminListColumn<AdminProduct>[] = [
  {
    heading: 'Image',
    cell: (product) => (
      <AdminThumbnail
        url={product.imageUrl}
        alt={product.name}
        width={48}
        height={36}
        className="h-9 w-12 rounded object-cover"
      />
    ),
  },
  { heading: 'Name', className: 'font-medium', cell: (product) => product.name },
  {
    heading: 'Price/Weight',
    cell: (product) => (
      <>
        {formatNaira(product.priceKobo)}
        <span className="block text-slate-600">{formatWeight(product.weightGrams)}</span>
      </>
    ),
  },
  { heading: 'Location', cell: (product) => product.location ?? '—' },
  { heading: 'Category', cell: (product) => CATEGORY_LABELS[product.category] },
  {
    heading: 'Status',
    cell: (product) => (
      <>
        <Badge variant={product.inStock ? 'success' : 'secondary'}>
          {product.inStock ? 'In Stock' : 'Out of Stock'}
        </Badge>
        {product.stockUnit ? (
          <span className="block text-slate-600">
            {formatStock(countedStock(product).stockAvailable, product.stockUnit)} to sell
          </span>
        ) : null}
      </>
    ),
  },
  {
    heading: 'Reviews',
    cell: (product) =>
      product.reviewCount > 0 ? `${product.averageRating.toFixed(1)} (${product.reviewCount})` : '—',
  },
];

export default function AdminProducts() {
  const { list, locations, editing, adding, query } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>());
  const hrefWith = useListHref('/admin/products');

  return (
    <AdminListScreen
      path="/admin/products"
      title="Products"
      add="Add Product"
      search={{
        id: 'products-q',
        label: 'Search products',
        placeholder: 'Name, description, location or category',
        value: query.q,
      }}
      filtered={Boolean(query.q)}
      rows={list.products}
      rowKey={(product) => product.id}
      columns={PRODUCT_COLUMNS}
      rowActions={(product) => (
        <>
          <RowLink to={hrefWith({ edit: String(product.id) })} icon="edit" label={`Edit ${product.name}`} />
          <RowLink to={`/admin/stock/${product.id}`} icon="stock" label={`Stock of ${product.name}`} />
          <RowConfirmButton
            icon="delete"
            label={`Delete ${product.name}`}
            title="Delete product"
            description="Are you sure you want to delete this product?"
            fields={{ intent: 'delete', productId: product.id }}
          />
        </>
      )}
      minWidth={760}
      empty="No products found"
      paging={list}
      dialogParam="edit"
      dialog={
        adding || editing
          ? {
              title: editing ? 'Edit Product' : 'Add Product',
              wide: true,
              content: (
                <ProductForm
                  key={editing?.id ?? 'new'}
                  product={editing}
                  locations={locations}
                  fieldErrors={fieldErrors}
                />
              ),
            }
          : null
      }
    />
  );
}
