import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3Sdk from '@aws-sdk/client-s3';

/**
 * Where uploaded pictures live (DESIGN §2): one interface, local disk by default, S3-compatible
 * storage when S3_* is configured. Keys are content-hashed file names, so every file can be cached for
 * ever.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The public URL of a stored key. */
  url(key: string): string;
}

/** The URL path local media are served under (server/app.ts). */
export const LOCAL_MEDIA_PATH = '/media';

export function localStorage(directory: string): Storage {
  return {
    kind: 'local',
    async put(key, body) {
      const file = path.join(directory, safeKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    url: (key) => `${LOCAL_MEDIA_PATH}/${safeKey(key)}`,
  };
}

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The address files are read from (a CDN, or the bucket's public endpoint). */
  publicUrl: string;
  forcePathStyle?: boolean;
}

export function s3Storage(options: S3Options): Storage & { remove(key: string): Promise<void> } {
  // The AWS SDK (~23 MB per server process) is loaded when the first picture is stored, not at start:
  // pages only ever need `url`.
  let loaded: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      }),
    })));
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { client, sdk } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: options.bucket,
          Key: `products/${safeKey(key)}`,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    url: (key) => `${options.publicUrl.replace(/\/$/, '')}/products/${safeKey(key)}`,
    async remove(key) {
      const { client, sdk } = await s3();
      await client.send(
        new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: `products/${safeKey(key)}` }),
      );
    },
  };
}

/** Keys are ours (hash + variant), but a key never leaves its directory whatever it holds. */
function safeKey(key: string): string {
  if (!/^[\w.-]+$/.test(key)) throw new Error(`bad storage key ${key}`);
  return key;
}
