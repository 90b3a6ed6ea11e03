import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { AppConfig } from "~/lib/config.server";

export interface TestS3Server {
  /** What parseConfig makes of the S3_* variables below. */
  settings: NonNullable<AppConfig["s3"]>;
  /** S3_* variables that point the app at this server. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free port of 127.0.0.1, keeping its objects in a fresh
 * temporary folder, with one empty bucket. It checks request signatures like S3 does; its one
 * account is S3RVER / S3RVER.
 */
export async function startS3Server(bucket = "test-objects"): Promise<TestS3Server> {
  // The SDK warns once per process on Node 20 that its releases after January 2027 need Node 22; the
  // version is pinned for that reason (docs/decisions), so the warning would only be noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const directory = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const settings = { endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1" };
  return {
    settings,
    env: { S3_ENDPOINT: settings.endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    close: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Puts every object of a filesystem storage folder (DATA_DIR/objects, e.g. a seeded template's) into the
 * bucket under the same key and content type, as a self-hoster's move to S3 would: instances started on
 * the seeded database then find the sample content's files there and do not make them again.
 */
export async function copyObjectsToBucket(objectsFolder: string, settings: TestS3Server["settings"]): Promise<number> {
  const { createS3Storage } = await import("~/adapters/storage/s3-storage.server");
  const storage = createS3Storage(settings);
  let copied = 0;
  try {
    const files = readdirSync(objectsFolder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    for (const entry of files) {
      const key = path.relative(objectsFolder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      if (key.startsWith(".")) continue; // the filesystem storage's own .meta and .tmp
      const meta = path.join(objectsFolder, ".meta", `${key}.json`);
      const contentType = existsSync(meta) ? (JSON.parse(readFileSync(meta, "utf8")) as { contentType: string }).contentType : "application/octet-stream";
      await storage.putFile(key, path.join(entry.parentPath, entry.name), { contentType });
      copied++;
    }
  } finally {
    storage.close();
  }
  return copied;
}
