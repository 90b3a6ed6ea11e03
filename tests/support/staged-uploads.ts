import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { paginateListObjectsV2 } from "@aws-sdk/client-s3";
import type { AppServices } from "~/adapters/context.server";
import { createS3Client } from "~/adapters/storage/s3-storage.server";
import { STAGING_PREFIX } from "~/adapters/uploads/s3-staged-uploads.server";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";

/** The ids of the uploads staged now, wherever the app stages them: DATA_DIR/uploads, or the bucket's staged-uploads/. */
export async function stagedUploadIds(services: Pick<AppServices, "config" | "uploads">): Promise<string[]> {
  if (services.uploads.kind === "filesystem") {
    const folder = path.join(services.config.dataDir, "uploads");
    return existsSync(folder) ? readdirSync(folder).filter(isUploadId).sort() : [];
  }
  const client = createS3Client(services.config.s3!);
  try {
    const ids = new Set<string>();
    for await (const page of paginateListObjectsV2({ client }, { Bucket: services.config.s3!.bucket, Prefix: `${STAGING_PREFIX}/` })) {
      for (const item of page.Contents ?? []) ids.add(item.Key!.split("/")[1]!);
    }
    return [...ids].filter(isUploadId).sort();
  } finally {
    client.destroy();
  }
}
