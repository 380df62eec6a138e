import { useRef, useState } from 'react';
import { Form } from 'react-router';
import { FormActions } from './form-actions';
import { ProductImage } from '~/components/catalog/product-image';
import { inputClasses } from '~/components/ui/field';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '#core/catalog/categories';
import { gramsToKg, nairaFigure } from '#core/money';
import { MAX_SHELF_LIFE_DAYS, SHELF_LIFE_HINT } from '#core/delivery/shelf-life';
import { MAX_PRICE_TIERS, tierFields, type PriceTier } from '#core/catalog/price-tiers';

export interface EditedProduct {
  id: number;
  name: string;
  description: string;
  priceKobo: number;
  weightGrams: number;
  category: string;
  freshness: number;
  /** Days it keeps, or null for its category's. */
  shelfLifeDays: number | null;
  /** Quantity prices, "from N, ₦X each". */
  priceTiers: PriceTier[];
  inStock: boolean;
  /** Counted stock sets In Stock itself (core/stock/). */
  stockUnit: string | null;
  location: string | null;
  imageUrl: string | null;
}

const UPLOAD_PATH = '/admin/products/image';

/**
 * The add/edit form of spec §5. The picture comes from a URL or an upload; choosing a file uploads it
 * at once (with its progress), and typing a URL clears the chosen file.
 */
export function ProductForm({
  product,
  locations,
  fieldErrors,
}: {
  product: EditedProduct | null;
  locations: string[];
  fieldErrors: Record<string, string>;
}) {
  const [imageUrl, setImageUrl] = useState(product?.imageUrl ?? '');
  const [upload, setUpload] = useState<{ progress: number } | { error: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploading = upload !== null && 'progress' in upload;

  function uploadFile(file: File) {
    const body = new FormData();
    body.append('image', file);
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD_PATH);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) setUpload({ progress: Math.round((event.loaded / event.total) * 100) });
    };
    request.onload = () => {
      let answer: { ok?: boolean; url?: string; error?: { message?: string } } = {};
      try {
        answer = JSON.parse(request.responseText) as typeof answer;
      } catch {
        answer = {};
      }
      if (request.status === 200 && answer.ok && answer.url) {
        setImageUrl(answer.url);
        setUpload(null);
      } else {
        setUpload({
          error:
            answer.error?.message ??
            (request.status === 413 ? 'This picture is larger than 5 MB.' : 'Failed to upload image'),
        });
        if (fileInput.current) fileInput.current.value = '';
      }
    };
    request.onerror = () => setUpload({ error: 'Failed to upload image' });
    setUpload({ progress: 0 });
    request.send(body);
  }

  const error = (name: string) =>
    fieldErrors[name] ? (
      <p id={`product-${name}-error`} className="mt-1 text-sm text-red-700">
        {fieldErrors[name]}
      </p>
    ) : null;
  const described = (name: string) => (fieldErrors[name] ? `product-${name}-error` : undefined);

  return (
    <Form method="post" className="space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value={product ? 'update' : 'create'} />
      {product ? <input type="hidden" name="productId" value={product.id} /> : null}
      <div>
        <label htmlFor="product-name" className="mb-1 block text-sm font-medium">
          Name
        </label>
        <input
          id="product-name"
          name="name"
          required
          defaultValue={product?.name ?? ''}
          aria-invalid={Boolean(fieldErrors.name)}
          aria-describedby={described('name')}
          className={inputClasses}
        />
        {error('name')}
      </div>
      <div>
        <label htmlFor="product-description" className="mb-1 block text-sm font-medium">
          Description
        </label>
        <textarea
          id="product-description"
          name="description"
          rows={3}
          defaultValue={product?.description ?? ''}
          className={inputClasses}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="product-price" className="mb-1 block text-sm font-medium">
            Price (₦)
          </label>
          <input
            id="product-price"
            name="price"
            type="number"
            min={0}
            step={0.01}
            required
            defaultValue={product ? nairaFigure(product.priceKobo) : ''}
            aria-invalid={Boolean(fieldErrors.price)}
            aria-describedby={described('price')}
            className={inputClasses}
          />
          {error('price')}
        </div>
        <div>
          <label htmlFor="product-weight" className="mb-1 block text-sm font-medium">
            Weight (kg)
          </label>
          <input
            id="product-weight"
            name="weight"
            type="number"
            min={0.01}
            step={0.01}
            required
            defaultValue={product ? gramsToKg(product.weightGrams) : '1.0'}
            aria-invalid={Boolean(fieldErrors.weight)}
            aria-describedby={described('weight')}
            className={inputClasses}
          />
          {error('weight')}
        </div>
        <div>
          <label htmlFor="product-category" className="mb-1 block text-sm font-medium">
            Category
          </label>
          <select
            id="product-category"
            name="category"
            required
            defaultValue={product?.category ?? ''}
            aria-invalid={Boolean(fieldErrors.category)}
            aria-describedby={described('category')}
            className={inputClasses}
          >
            <option value="" disabled>
              Choose a category
            </option>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
          {error('category')}
        </div>
        <div>
          <label htmlFor="product-freshness" className="mb-1 block text-sm font-medium">
            Freshness
          </label>
          <select
            id="product-freshness"
            name="freshness"
            defaultValue={String(product?.freshness ?? 5)}
            className={inputClasses}
          >
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'Star' : 'Stars'}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product-shelf-life" className="mb-1 block text-sm font-medium">
            Keeps for (days)
          </label>
          <input
            id="product-shelf-life"
            name="shelfLifeDays"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_SHELF_LIFE_DAYS}
            step={1}
            defaultValue={product?.shelfLifeDays ?? ''}
            aria-invalid={Boolean(fieldErrors.shelfLifeDays)}
            aria-describedby={`product-shelf-life-hint${fieldErrors.shelfLifeDays ? ' product-shelfLifeDays-error' : ''}`}
            className={inputClasses}
          />
          <p id="product-shelf-life-hint" className="mt-1 text-xs text-slate-600">
            {SHELF_LIFE_HINT}
          </p>
          {error('shelfLifeDays')}
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">Quantity prices</legend>
          <p className="mb-2 text-xs text-slate-600">
            A lower price each from a quantity (10+ bags of feed, 500+ fingerlings). Leave a row empty for
            none.
          </p>
          <div className="space-y-2">
            {Array.from({ length: MAX_PRICE_TIERS }, (_, i) => {
              const names = tierFields(i + 1);
              const tier = product?.priceTiers[i];
              return (
                <div key={names.from} className="grid grid-cols-2 gap-2">
                  <div>
                    <label htmlFor={`product-${names.from}`} className="mb-1 block text-xs">
                      From how many (row {i + 1})
                    </label>
                    <input
                      id={`product-${names.from}`}
                      name={names.from}
                      type="number"
                      inputMode="numeric"
                      min={2}
                      step={1}
                      defaultValue={tier?.minQuantity ?? ''}
                      aria-invalid={Boolean(fieldErrors[names.from])}
                      aria-describedby={described(names.from)}
                      className={inputClasses}
                    />
                    {error(names.from)}
                  </div>
                  <div>
                    <label htmlFor={`product-${names.price}`} className="mb-1 block text-xs">
                      Price each (₦, row {i + 1})
                    </label>
                    <input
                      id={`product-${names.price}`}
                      name={names.price}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step={0.01}
                      defaultValue={tier ? nairaFigure(tier.priceKobo) : ''}
                      aria-invalid={Boolean(fieldErrors[names.price])}
                      aria-describedby={described(names.price)}
                      className={inputClasses}
                    />
                    {error(names.price)}
                  </div>
                </div>
              );
            })}
          </div>
        </fieldset>
        <div>
          <label htmlFor="product-location" className="mb-1 block text-sm font-medium">
            Location
          </label>
          <select
            id="product-location"
            name="location"
            defaultValue={product?.location ?? ''}
            className={inputClasses}
            disabled={locations.length === 0}
          >
            {locations.length === 0 ? (
              <option value="">No locations available</option>
            ) : (
              <>
                <option value="">(None)</option>
                {locations.map((location) => (
                  <option key={location} value={location}>
                    {location}
                  </option>
                ))}
              </>
            )}
          </select>
        </div>
        <div>
          <label htmlFor="product-stock" className="mb-1 block text-sm font-medium">
            Stock
          </label>
          <select
            id="product-stock"
            name="inStock"
            defaultValue={product && !product.inStock ? 'false' : 'true'}
            className={inputClasses}
            disabled={Boolean(product?.stockUnit)}
            aria-describedby={product?.stockUnit ? 'product-stock-counted' : undefined}
          >
            <option value="true">In Stock</option>
            <option value="false">Out of Stock</option>
          </select>
          {product?.stockUnit ? (
            <p id="product-stock-counted" className="mt-1 text-sm text-slate-600">
              Follows the counted stock (Stock page).
            </p>
          ) : null}
        </div>
      </div>

      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium">Picture</legend>
        <div className="flex items-start gap-3">
          <ProductImage
            url={imageUrl || null}
            alt="Picture preview"
            sizes="80px"
            width={80}
            height={60}
            className="h-16 w-20 shrink-0 rounded object-cover"
          />
          <div className="min-w-0 flex-1 space-y-2">
            <div>
              <label htmlFor="product-image-file" className="mb-1 block text-sm">
                Upload a picture (JPEG, PNG, WebP or GIF, at most 5 MB)
              </label>
              <input
                id="product-image-file"
                ref={fileInput}
                type="file"
                accept="image/*"
                aria-describedby="product-upload-status"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (file) uploadFile(file);
                }}
                className="block w-full text-sm"
              />
            </div>
            <div>
              <label htmlFor="product-image-url" className="mb-1 block text-sm">
                …or the picture's address
              </label>
              <input
                id="product-image-url"
                name="imageUrl"
                value={imageUrl}
                placeholder="https://"
                aria-invalid={Boolean(fieldErrors.imageUrl)}
                aria-describedby={described('imageUrl')}
                onChange={(event) => {
                  setImageUrl(event.currentTarget.value);
                  // Typing an address clears the chosen file (spec §5).
                  if (fileInput.current) fileInput.current.value = '';
                  setUpload(null);
                }}
                className={inputClasses}
              />
              {error('imageUrl')}
            </div>
            <p id="product-upload-status" role="status" className="text-sm">
              {upload && 'progress' in upload ? (
                <span className="flex items-center gap-2">
                  <progress
                    max={100}
                    value={upload.progress}
                    className="h-2 w-40"
                    aria-label="Upload progress"
                  />
                  Uploading… {upload.progress}%
                </span>
              ) : upload && 'error' in upload ? (
                <span className="text-red-700">{upload.error}</span>
              ) : null}
            </p>
          </div>
        </div>
      </fieldset>

      <FormActions submitLabel={product ? 'Save Changes' : 'Add Product'} disabled={uploading} />
    </Form>
  );
}
