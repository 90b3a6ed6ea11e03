import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import type { AppServices } from "~/adapters/context.server";
import { createS3Client } from "~/adapters/storage/s3-storage.server";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";

/** The ids of the uploads staged now, wherever the app stages them: DATA_DIR/uploads, or the bucket's staged-uploads/. */
export async function stagedUploadIds(services: Pick<AppServices, "config" | "uploads">): Promise<string[]> {
  if (services.uploads.kind === "filesystem") {
    const folder = path.join(services.config.dataDir, "uploads");
    return existsSync(folder) ? readdirSync(folder).filter(isUploadId).sort() : [];
  }
  const client = createS3Client(services.config.s3!);
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: services.config.s3!.bucket, Prefix: "staged-uploads/" }));
    return [...new Set((page.Contents ?? []).map((item) => item.Key!.split("/")[1]!))].filter(isUploadId).sort();
  } finally {
    client.destroy();
  }
}
