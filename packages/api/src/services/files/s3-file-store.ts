import { Readable } from "node:stream";
import { checkStorageKey, type FileStore, isStorageKey } from "./file-store";

export interface S3FileStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, Ceph, R2, s3rver in tests); AWS's own endpoint for the region without. */
  endpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`: what most S3-compatible services need. */
  forcePathStyle?: boolean;
  /** A key pair; without one the SDK's default chain (AWS_* variables, the instance's or the task's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** A multipart upload's part: S3's minimum part size, so a stream is held in memory 5 MiB at a time at most. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * GetObject answers 404 NoSuchKey for a missing key (to a caller allowed s3:ListBucket; 403 AccessDenied otherwise,
 * so grant it), and HeadObject, which has no body, a bare 404 that the SDK names NotFound.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html, .../API_HeadObject.html
 */
const MISSING = new Set(["NoSuchKey", "NotFound"]);

/**
 * The FileStore on S3-compatible object storage, through the AWS SDK v3: one object per key in one bucket, which
 * stays private (the server reads every file for the viewer it checked; no URL of the bucket reaches a browser).
 * Downloads stream from the bucket to the response; `destroy` closes the client's sockets.
 */
export async function s3FileStore(options: S3FileStoreOptions): Promise<FileStore & { destroy(): void }> {
  // Imported here, not at the top: the SDK takes about half a second to load (measured under load), which every
  // process importing @market/api (each test file, each server on the local disk) would otherwise pay.
  const [
    {
      DeleteObjectCommand,
      GetObjectCommand,
      HeadObjectCommand,
      PutObjectCommand,
      paginateListObjectsV2,
      S3Client,
      S3ServiceException,
    },
    { Upload },
  ] = await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]);
  const isMissing = (error: unknown) => error instanceof S3ServiceException && MISSING.has(error.name);
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where an operation requires one: the SDK's default since 2025 sends CRC32 trailers in
    // aws-chunked bodies, which S3-compatible services other than AWS do not all accept. What is stored is checked
    // by its length (ContentLength; the disk-to-bucket copy compares every size after).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer fails the request instead of holding it: 5 s to connect, 30 s of silence.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = options.bucket;

  return {
    async put(storageKey, body) {
      const Key = checkStorageKey(storageKey);
      if (!(body instanceof Readable)) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.byteLength }));
        return;
      }
      // A stream of unknown length: one PutObject when it ends within a part, else a multipart upload (aborted,
      // its parts removed, if the stream fails).
      await new Upload({ client, params: { Bucket, Key, Body: body }, partSize: PART_BYTES, queueSize: 1 }).done();
    },
    async open(storageKey) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkStorageKey(storageKey) }));
        if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
          throw new Error(`S3 GetObject answered ${storageKey} without a streamed body and its length`);
        }
        return { sizeBytes: object.ContentLength, body: object.Body };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async sizeOf(storageKey) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkStorageKey(storageKey) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(storageKey) {
      // S3 answers 204 whether or not the key existed, so a retried cleanup does not fail.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkStorageKey(storageKey) }));
    },
    async *list(prefix = "") {
      // 1,000 keys a page (ListObjectsV2's maximum), page after page while the answer is truncated.
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix || undefined })) {
        for (const object of page.Contents ?? []) if (object.Key && isStorageKey(object.Key)) yield object.Key;
      }
    },
    destroy: () => client.destroy(),
  };
}
