import { data } from 'react-router';
import { attempt } from '~/lib/errors.server';
import { Invalid } from '#core/errors';
import { MAX_UPLOAD_BYTES, renderImageFiles, UPLOAD_FAILED } from '#core/media/images';
import { LARGEST_WIDTH, variantFile } from '#core/media/variants';
import type { Route } from './+types/product-image';
import { shop } from '~/lib/context';

/** GET: what an upload may be (the product form reads it). */
export function loader() {
  return data({ maxBytes: MAX_UPLOAD_BYTES, formats: ['JPEG', 'PNG', 'WebP', 'GIF'] });
}

/**
 * POST /admin/products/image (multipart, field `image`; the one route allowed up to 5 MB): the picture
 * is checked by its content, re-encoded into the storefront's files and stored; answers its URL.
 */
export function action({ request, context }: Route.ActionArgs) {
  const { storage } = shop(context).services;
  return attempt(async () => {
    let file: FormDataEntryValue | null = null;
    try {
      file = (await request.formData()).get('image');
    } catch {
      file = null;
    }
    if (!(file instanceof File) || file.size === 0)
      throw new Invalid(
        'Please choose a picture to upload.',
        { image: ['Please choose a picture to upload.'] },
        UPLOAD_FAILED,
      );
    const files = await renderImageFiles(Buffer.from(await file.arrayBuffer()));
    for (const stored of files) await storage.put(stored.name, stored.body, stored.contentType);
    const largest = files.find((f) => f.name.endsWith(variantFile('', LARGEST_WIDTH)))!;
    return { ok: true as const, url: storage.url(largest.name) };
  });
}
