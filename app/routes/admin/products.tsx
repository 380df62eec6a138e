import { Plus } from 'lucide-react';
import { Link, useActionData, useLoaderData, useNavigate } from 'react-router';
import { ProductForm } from '~/components/admin/product-form';
import { RowConfirmButton, RowLink } from '~/components/admin/row-icon';
import { AdminCell, AdminRow, AdminTable } from '~/components/admin/data-table';
import { AdminSearchBox } from '~/components/admin/search-box';
import { Pagination } from '~/components/catalog/pagination';
import { AdminThumbnail } from '~/components/admin/thumbnail';
import { Badge } from '~/components/ui/badge';
import { buttonClasses } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { formAction } from '~/lib/actions.server';
import { adminOf } from '~/lib/auth.server';
import { orThrowResponse } from '~/lib/errors.server';
import { redirectWithToast } from '~/lib/toast.server';
import { useListHref } from '~/lib/use-list-href';
import { useActionResult } from '~/lib/use-action-result';
import { CATEGORY_LABELS } from '#core/catalog/categories';
import {
  createProduct,
  deleteProduct,
  getProductForAdmin,
  listProductLocationChoices,
  listProductsForAdmin,
  updateProduct,
} from '#core/catalog/management';
import { ProductActionSchema, ProductListQuerySchema } from '#core/catalog/schemas';
import { readListQuery } from '#core/list-query';
import { formatNaira, formatWeight } from '#core/money';
import type { Route } from './+types/products';
import { shop } from '~/lib/context';

export const meta: Route.MetaFunction = () => [{ title: 'Products — FreshCatch Admin' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const query = readListQuery(ProductListQuerySchema, new URL(request.url).searchParams);
  const { db } = shop(context).services;
  const [list, locations, editing] = await Promise.all([
    listProductsForAdmin(db, admin, query),
    listProductLocationChoices(db, admin),
    typeof query.edit === 'number'
      ? orThrowResponse(() => getProductForAdmin(db, admin, query.edit as number))
      : null,
  ]);
  return { list, locations, editing, adding: query.edit === 'new', query };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { db } = shop(context).services;
  const back = new URL(request.url);
  back.searchParams.delete('edit');
  const listUrl = back.pathname + back.search;
  return formAction(request, ProductActionSchema, async (input) => {
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
  });
}

export default function AdminProducts() {
  const { list, locations, editing, adding, query } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>());
  const navigate = useNavigate();
  const hrefWith = useListHref('/admin/products');

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Products</h1>
        <Link to={hrefWith({ edit: 'new' })} preventScrollReset className={buttonClasses()}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Add Product
        </Link>
      </div>

      <AdminSearchBox
        id="products-q"
        label="Search products"
        placeholder="Name, description, location or category"
        value={query.q}
        clearTo="/admin/products"
        filtered={Boolean(query.q)}
      />

      {list.products.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
          No products found
        </p>
      ) : (
        <AdminTable
          columns={['Image', 'Name', 'Price/Weight', 'Location', 'Category', 'Status', 'Reviews', 'Actions']}
          minWidth={760}
        >
          {list.products.map((product) => (
            <AdminRow key={product.id}>
              <AdminCell label="Image">
                <AdminThumbnail
                  url={product.imageUrl}
                  alt={product.name}
                  width={48}
                  height={36}
                  className="h-9 w-12 rounded object-cover"
                />
              </AdminCell>
              <AdminCell label="Name" className="font-medium">
                {product.name}
              </AdminCell>
              <AdminCell label="Price/Weight">
                {formatNaira(product.priceKobo)}
                <span className="block text-slate-600">{formatWeight(product.weightGrams)}</span>
              </AdminCell>
              <AdminCell label="Location">{product.location ?? '—'}</AdminCell>
              <AdminCell label="Category">{CATEGORY_LABELS[product.category]}</AdminCell>
              <AdminCell label="Status">
                <Badge variant={product.inStock ? 'success' : 'secondary'}>
                  {product.inStock ? 'In Stock' : 'Out of Stock'}
                </Badge>
              </AdminCell>
              <AdminCell label="Reviews">
                {product.reviewCount > 0
                  ? `${product.averageRating.toFixed(1)} (${product.reviewCount})`
                  : '—'}
              </AdminCell>
              <AdminCell label="Actions">
                <span className="flex gap-1">
                  <RowLink
                    to={hrefWith({ edit: String(product.id) })}
                    icon="edit"
                    label={`Edit ${product.name}`}
                  />
                  <RowConfirmButton
                    icon="delete"
                    label={`Delete ${product.name}`}
                    title="Delete product"
                    description="Are you sure you want to delete this product?"
                    fields={{ intent: 'delete', productId: product.id }}
                  />
                </span>
              </AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      )}

      <Pagination
        page={list.page}
        pageCount={list.pages}
        hrefFor={(page) => hrefWith({ page: String(page), edit: null })}
      />

      {adding || editing ? (
        <Dialog
          open
          wide
          title={editing ? 'Edit Product' : 'Add Product'}
          onOpenChange={(open) =>
            open ? undefined : navigate(hrefWith({ edit: null }), { preventScrollReset: true })
          }
        >
          <ProductForm
            key={editing?.id ?? 'new'}
            product={editing}
            locations={locations}
            fieldErrors={fieldErrors}
          />
        </Dialog>
      ) : null}
    </div>
  );
}
