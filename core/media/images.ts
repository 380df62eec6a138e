import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import { Invalid } from '../errors';
import { IMAGE_WIDTHS, PREVIEW_SIZE, previewFile, variantFile } from './variants';

/** Spec §8 (admin) and DESIGN §2: uploads are checked by content, at most 5 MB, and re-encoded. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The admin's picture upload (app/routes/admin/product-image.ts): the one route allowed a larger body. */
export const PRODUCT_IMAGE_UPLOAD_PATH = '/admin/products/image';
/** A multipart form's own bytes around the file. */
export const UPLOAD_FORM_OVERHEAD_BYTES = 64 * 1024;
export const UPLOAD_FAILED = 'Failed to upload image';
export const NOT_AN_IMAGE =
  'This file is not a picture we can read. Please choose a JPEG, PNG, WebP or GIF image.';
export const TOO_LARGE = 'This picture is larger than 5 MB. Please choose a smaller one.';

const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export interface ImageFile {
  name: string;
  body: Buffer;
  contentType: string;
}

/**
 * Every file of one picture, from any image: its content decides (not its name or type), it must
 * decode, and it comes out as WebP in the storefront's widths and a JPEG link-preview card. The names
 * carry a hash of the content, so the files can be cached for ever.
 */
export async function renderImageFiles(input: Buffer, baseName?: string): Promise<ImageFile[]> {
  if (input.byteLength > MAX_UPLOAD_BYTES)
    throw new Invalid(TOO_LARGE, { image: [TOO_LARGE] }, UPLOAD_FAILED);
  // Loaded on the first upload: libvips costs each server process ~30 MB that pages never use.
  const { default: sharp } = await import('sharp');
  let image: Sharp;
  try {
    image = sharp(input, { limitInputPixels: 40_000_000 }).rotate();
    const { format } = await image.metadata();
    if (!format || !FORMATS.has(format)) throw new Error(`format ${format}`);
    // Decoding the whole picture proves it is not a header on a broken file.
    await image.clone().resize(16).raw().toBuffer();
  } catch {
    throw new Invalid(NOT_AN_IMAGE, { image: [NOT_AN_IMAGE] }, UPLOAD_FAILED);
  }
  const name = baseName ?? createHash('sha256').update(input).digest('hex').slice(0, 20);
  const files: ImageFile[] = [];
  for (const width of IMAGE_WIDTHS) {
    const body = await image
      .clone()
      .resize({ width, withoutEnlargement: false })
      .webp({ quality: width === 800 ? 78 : 74 })
      .toBuffer();
    files.push({ name: variantFile(name, width), body, contentType: 'image/webp' });
  }
  const preview = await image
    .clone()
    .resize(PREVIEW_SIZE.width, PREVIEW_SIZE.height, { fit: 'contain', background: '#f0f9ff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  files.push({ name: previewFile(name), body: preview, contentType: 'image/jpeg' });
  return files;
}
