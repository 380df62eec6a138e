import { createHash } from 'node:crypto';
import type * as SharpModule from 'sharp';
import type { Sharp } from 'sharp';
import { Invalid } from '../errors';
import pLimit from 'p-limit';
import { IMAGE_WIDTHS, INLINE_WIDTH, inlineFile, PREVIEW_SIZE, previewFile, variantFile } from './variants';

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
/**
 * What one decoded picture may weigh: pixels × bytes per channel sample. 40 megapixels of an
 * ordinary 8-bit picture (a 48 MP phone photo is scaled while it decodes), half that at 16 bits, whose
 * samples take twice the memory: a 300 KB 16-bit PNG of 40 megapixels decodes to 320 MB.
 */
export const MAX_DECODED_PIXEL_BYTES = 40_000_000;
export const TOO_MANY_PIXELS =
  'This picture has too many pixels for us to process (at most 40 megapixels, or 20 for a 16-bit picture). Please choose a smaller one.';

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
  // One picture at a time per process: each decode may hold hundreds of MB outside the JS heap.
  return decodeQueue(() => render(input, baseName));
}

/** Pictures decoded at once in this process (uploads are an admin's, a few a day). */
export const DECODES_AT_ONCE = 1;
/** The line of uploads waiting for their turn: `activeCount` and `pendingCount` say how it stands. */
export const decodeQueue = pLimit(DECODES_AT_ONCE);

let loadedSharp: Promise<typeof SharpModule> | undefined;
/**
 * Loaded on the first upload: libvips costs each server process ~30 MB that pages never use. One
 * thread per picture and no cache of decoded pictures, so memory goes back once a picture is done.
 */
function loadSharp() {
  loadedSharp ??= import('sharp').then((module) => {
    module.default.concurrency(1);
    module.default.cache(false);
    return module;
  });
  return loadedSharp;
}

async function render(input: Buffer, baseName?: string): Promise<ImageFile[]> {
  const { default: sharp } = await loadSharp();
  let image: Sharp;
  try {
    image = sharp(input, { limitInputPixels: MAX_DECODED_PIXEL_BYTES }).rotate();
    const { format, width = 0, height = 0, depth } = await image.metadata();
    if (!format || !FORMATS.has(format)) throw new Error(`format ${format}`);
    // Read from the header alone, before anything is decoded.
    if (width * height * bytesPerSample(depth) > MAX_DECODED_PIXEL_BYTES)
      throw new Invalid(TOO_MANY_PIXELS, { image: [TOO_MANY_PIXELS] }, UPLOAD_FAILED);
    // Decoding the whole picture proves it is not a header on a broken file.
    await image.clone().resize(16).raw().toBuffer();
  } catch (error) {
    if (error instanceof Invalid) throw error;
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
  // As wide as the phone's picture (so the browser paints it as the picture, not as a thumbnail blown
  // up), at a quality that keeps it near 2 KB: the page carries it inline on a first visit.
  const inline = await image
    .clone()
    .resize({ width: INLINE_WIDTH, withoutEnlargement: false })
    .webp({ quality: INLINE_QUALITY })
    .toBuffer();
  files.push({ name: inlineFile(name), body: inline, contentType: 'image/webp' });
  const preview = await image
    .clone()
    .resize(PREVIEW_SIZE.width, PREVIEW_SIZE.height, { fit: 'contain', background: '#f0f9ff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  files.push({ name: previewFile(name), body: preview, contentType: 'image/jpeg' });
  return files;
}

/** The inline copy's WebP quality: ~2 KB for the seed artwork, a recognisable picture, not a blur. */
export const INLINE_QUALITY = 20;

/** libvips' sample formats: 16-bit pictures ('ushort', 'short') take two bytes a sample, floats four. */
function bytesPerSample(depth: string | undefined): number {
  if (depth === 'ushort' || depth === 'short') return 2;
  if (depth === 'uint' || depth === 'int' || depth === 'float') return 4;
  if (depth === 'double' || depth === 'complex') return 8;
  return 1;
}
