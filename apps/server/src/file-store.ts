import { resolve } from "node:path";
import { type FileStore, localDiskFileStore, s3FileStore } from "@market/api";
import type { Env } from "./env";

type FileStoreEnv = Pick<
  Env,
  | "DATA_DIR"
  | "FILES_S3_BUCKET"
  | "FILES_S3_REGION"
  | "FILES_S3_ENDPOINT"
  | "FILES_S3_FORCE_PATH_STYLE"
  | "FILES_S3_ACCESS_KEY_ID"
  | "FILES_S3_SECRET_ACCESS_KEY"
>;

export interface ChosenFileStore {
  store: FileStore;
  /** Where the files are, to log at start: never a credential. */
  where: { kind: "s3"; bucket: string; region: string; endpoint: string } | { kind: "local disk"; folder: string };
  /** Closes what the store holds open (the S3 client's sockets). */
  close(): void;
}

/** The folder of the stored files without a bucket (and the one scripts/files-to-s3.ts copies from). */
export const localFilesFolder = (env: Pick<Env, "DATA_DIR">): string => resolve(env.DATA_DIR, "files");

/**
 * The FileStore main.ts gives the app and the sweeps: the S3 bucket when FILES_S3_BUCKET is set (loadEnv has made
 * sure the key pair comes whole), else the folder DATA_DIR/files, the embedded default.
 */
export async function fileStoreFrom(env: FileStoreEnv): Promise<ChosenFileStore> {
  if (!env.FILES_S3_BUCKET) {
    const folder = localFilesFolder(env);
    return { store: localDiskFileStore(folder), where: { kind: "local disk", folder }, close: () => undefined };
  }
  const store = await s3FileStore({
    bucket: env.FILES_S3_BUCKET,
    region: env.FILES_S3_REGION,
    endpoint: env.FILES_S3_ENDPOINT,
    forcePathStyle: env.FILES_S3_FORCE_PATH_STYLE === "true",
    credentials:
      env.FILES_S3_ACCESS_KEY_ID && env.FILES_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.FILES_S3_ACCESS_KEY_ID, secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  const endpoint = env.FILES_S3_ENDPOINT ?? `AWS S3 (${env.FILES_S3_REGION})`;
  return {
    store,
    where: { kind: "s3", bucket: env.FILES_S3_BUCKET, region: env.FILES_S3_REGION, endpoint },
    close: () => store.destroy(),
  };
}
