import { AwsClient } from 'aws4fetch';
import type { FileStorage } from './storage.ts';

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** A `fetch` to use instead of the global one (tests). */
  fetch?: typeof fetch;
}

/**
 * Files in an S3-compatible bucket (rule 2), addressed path-style (`{endpoint}/{bucket}/{key}`), with
 * requests signed by aws4fetch (AWS Signature V4).
 * @example createS3Storage({ endpoint, bucket: 'uploads', accessKeyId, secretAccessKey, region: 'auto' })
 */
export function createS3Storage(options: S3Options): FileStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const base = `${options.endpoint.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}`;
  const send = async (key: string, init: RequestInit) => {
    const signed = await client.sign(`${base}/${key}`, init);
    return (options.fetch ?? fetch)(signed);
  };
  return {
    async put(key, bytes, contentType) {
      const res = await send(key, {
        method: 'PUT',
        body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
        headers: { 'content-type': contentType, 'content-length': String(bytes.byteLength) },
      });
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status}`);
    },
    async get(key) {
      const res = await send(key, { method: 'GET' });
      if (res.status === 404) return null;
      if (!res.ok || !res.body) throw new Error(`S3 GET ${key} failed: ${res.status}`);
      return res.body;
    },
    async delete(key) {
      const res = await send(key, { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
    },
  };
}
