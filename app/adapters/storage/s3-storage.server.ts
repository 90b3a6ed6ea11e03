import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { AppConfig } from "~/lib/config.server";
import { checkPutOptions, type ObjectInfo, type ObjectStorage, type PutOptions } from "./contract";
import { assertObjectKey, isValidObjectKey } from "./keys";

type S3Settings = NonNullable<AppConfig["s3"]>;

/** Parts of a streamed upload: 5 MiB (S3's minimum), two in flight, so an upload holds ~10 MiB at most. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Garage, Backblaze B2, Cloudflare R2…), with
 * path-style addressing (`endpoint/bucket/key`), which AWS and S3-compatible servers accept. Buffers go up in
 * one PutObject; streams through a multipart Upload that is aborted if the stream fails, so nothing
 * half-written is left behind. Checksums are sent only where the S3 API requires them: several
 * S3-compatible servers reject the SDK's newer default checksum headers.
 */
export function createS3Storage(settings: S3Settings): ObjectStorage {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;

  async function head(key: string): Promise<ObjectInfo | null> {
    const Key = assertObjectKey(key);
    try {
      const result = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return toInfo(result.ContentLength ?? 0, result);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function put(key: string, body: Buffer | Readable, options: PutOptions): Promise<ObjectInfo> {
    const Key = assertObjectKey(key);
    checkPutOptions(options);
    const params = { Bucket, Key, ContentType: options.contentType, CacheControl: options.cacheControl };
    if (Buffer.isBuffer(body)) {
      await client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
    } else {
      await new Upload({ client, params: { ...params, Body: body }, partSize: PART_SIZE, queueSize: PARTS_IN_FLIGHT }).done();
    }
    const stored = await head(Key);
    if (!stored) throw new Error(`S3 did not keep the object ${Key}`);
    return stored;
  }

  return {
    kind: "s3",
    put,
    putFile: (key, file, options) => put(key, createReadStream(file), options),
    head,

    async get(key, range) {
      const Key = assertObjectKey(key);
      if (range && (!Number.isSafeInteger(range.start) || range.start < 0 || range.end < range.start)) {
        throw new RangeError(`Range ${range.start}-${range.end} is not satisfiable`);
      }
      let result;
      try {
        result = await client.send(new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      } catch (error) {
        if (isNotFound(error)) return null;
        if (statusOf(error) === 416) throw new RangeError(`Range ${range?.start}-${range?.end} is not satisfiable for ${Key}`);
        throw error;
      }
      const body = result.Body as Readable;
      let served: ReturnType<typeof parseContentRange> | undefined;
      try {
        served = range ? parseContentRange(result.ContentRange) : undefined;
      } catch (error) {
        body.destroy(); // a server that ignored the range: free the connection, do not send the wrong bytes
        throw error;
      }
      return {
        ...toInfo(served ? served.size : (result.ContentLength ?? 0), result),
        body,
        ...(served ? { range: { start: served.start, end: served.end } } : {}),
      };
    },

    async exists(key) {
      return (await head(key)) !== null;
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success, as the contract asks.
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertObjectKey(key) }));
    },

    async *list() {
      // A bucket shared with other data may hold keys the site never makes: those are not its objects.
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const { Key } of page.Contents ?? []) if (Key && isValidObjectKey(Key)) yield Key;
      }
    },

    close: () => client.destroy(),
  };
}

/** A client for the S3_* settings, as every part of the site that talks to the bucket configures it (path-style, checksums only where required). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

interface S3Head {
  ContentType?: string;
  CacheControl?: string;
  ETag?: string;
  LastModified?: Date;
}

function toInfo(size: number, result: S3Head): ObjectInfo {
  return {
    size,
    contentType: result.ContentType ?? "application/octet-stream",
    ...(result.CacheControl ? { cacheControl: result.CacheControl } : {}),
    etag: result.ETag ?? `"${size.toString(16)}"`,
    lastModified: result.LastModified ?? new Date(0),
  };
}

/** `bytes 10-19/5243003` → the served range and the whole object's size. */
function parseContentRange(header: string | undefined): { start: number; end: number; size: number } {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? "");
  if (!match) throw new Error(`Unexpected Content-Range from S3: ${header}`);
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

export function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  // A missing bucket is a setting to fix, not a missing object.
  return name !== "NoSuchBucket" && (name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404);
}
