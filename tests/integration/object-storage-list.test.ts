import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createObjectStorage, type ObjectStorage } from "~/adapters/storage/object-storage.server";
import { startS3Server } from "../support/s3-server";

/**
 * The storage contract's `list()` (what a backup copies and a restore checks is empty), on the folder
 * storage and on S3 through s3rver, as the rest of the contract in object-storage.test.ts.
 */
const backends: Array<[string, () => Promise<{ storage: ObjectStorage; root?: string; close: () => Promise<void> }>]> = [
  [
    "filesystem (DATA_DIR/objects)",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "objects-list-"));
      const storage = await createObjectStorage({ dataDir, s3: undefined });
      return { storage, root: path.join(dataDir, "objects"), close: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const s3 = await startS3Server();
      const storage = await createObjectStorage({ dataDir: tmpdir(), s3: s3.settings });
      return { storage, close: async () => (storage.close(), await s3.close()) };
    },
  ],
];

const listed = async (storage: ObjectStorage) => {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
};

describe.each(backends)("object storage list(): %s", (_name, open) => {
  let backend: Awaited<ReturnType<(typeof backends)[number][1]>>;
  beforeAll(async () => {
    backend = await open();
  });
  afterAll(() => backend.close());

  it("lists nothing in an empty storage", async () => {
    expect(await listed(backend.storage)).toEqual([]);
  });

  it("lists every stored key, nested ones included, and no removed one", async () => {
    const options = { contentType: "application/octet-stream" };
    for (const key of ["a.bin", "podcast/audio/x.mp3", "podcast/audio/y.mp3", "shop/covers/deep/z.png"]) await backend.storage.put(key, Buffer.from(key), options);
    await backend.storage.delete("podcast/audio/y.mp3");
    expect(await listed(backend.storage)).toEqual(["a.bin", "podcast/audio/x.mp3", "shop/covers/deep/z.png"]);
  });

  it("lists no file a key could not name (the folder storage's own sidecars and temporary files)", async () => {
    if (backend.root) {
      mkdirSync(path.join(backend.root, ".tmp"), { recursive: true });
      writeFileSync(path.join(backend.root, ".tmp", "half-written"), "x");
      writeFileSync(path.join(backend.root, ".hidden"), "x");
    }
    expect(await listed(backend.storage)).toEqual(["a.bin", "podcast/audio/x.mp3", "shop/covers/deep/z.png"]);
  });
});
