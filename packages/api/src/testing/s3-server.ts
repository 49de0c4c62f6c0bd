import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { S3FileStoreOptions } from "../services/files/s3-file-store";

/** The part of s3rver's API (v3, CommonJS, untyped) the tests use. */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rver;

/** s3rver's one account: it checks every request's signature against this key pair. */
const S3RVER_KEY = "S3RVER";

export interface TestS3Server {
  /** http://127.0.0.1:PORT, a random free port. */
  endpoint: string;
  region: string;
  /** The bucket made at start, empty. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What `s3FileStore` takes to use the bucket. */
  storeOptions: S3FileStoreOptions;
  /** What a built server's environment takes to keep its files in the bucket (apps/server/src/env.ts). */
  env: Record<string, string>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts s3rver, a real S3-protocol server (signature V4, XML errors, multipart uploads) on 127.0.0.1 and a random
 * port, keeping its objects in a fresh temporary folder: for the S3 adapter's tests and for tests that start built
 * servers sharing one bucket. Call `stop` after (an afterAll).
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? "market-files";
  const directory = await mkdtemp(join(tmpdir(), "s3rver-"));
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = "us-east-1";
  const credentials = { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY };
  return {
    endpoint,
    region,
    bucket,
    ...credentials,
    storeOptions: { bucket, region, endpoint, forcePathStyle: true, credentials },
    env: {
      FILES_S3_BUCKET: bucket,
      FILES_S3_REGION: region,
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_FORCE_PATH_STYLE: "true",
      FILES_S3_ACCESS_KEY_ID: S3RVER_KEY,
      FILES_S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    async stop() {
      // Clients keep their sockets alive: close them, or close() would wait for them to time out.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
