import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BackupError } from "./backup-error";
import { openSnapshot } from "./snapshot-reader.server";
import { createSnapshotWriter } from "./snapshot-writer.server";

const LONG_NAME = `files/${"long-folder-name/".repeat(12)}episode.mp3`;
const CONTENTS = new Map<string, Buffer>([
  ["manifest.json", Buffer.from("{}")],
  ["empty", Buffer.alloc(0)],
  [LONG_NAME, randomBytes(70_000)],
]);

async function writeAndRead(target: string): Promise<Map<string, Buffer>> {
  const writer = await createSnapshotWriter(target);
  for (const [name, bytes] of CONTENTS) {
    const digest = await writer.add(name, Readable.from([bytes]), bytes.length);
    expect(digest).toEqual({ size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
  }
  await writer.finish();
  const read = new Map<string, Buffer>();
  for await (const { name, body } of (await openSnapshot(target))()) {
    const parts: Buffer[] = [];
    for await (const part of body) parts.push(part as Buffer);
    read.set(name, Buffer.concat(parts));
  }
  return read;
}

describe.each(["snapshot", "snapshot.tar", "snapshot.tar.gz"])("a snapshot written as %s", (name) => {
  it("reads back every entry byte for byte, a name over 100 bytes included", async () => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), "snapshot-")), name);
    const read = await writeAndRead(target);
    expect([...read.keys()].sort()).toEqual([...CONTENTS.keys()].sort());
    for (const [entry, bytes] of CONTENTS) expect(read.get(entry)!.equals(bytes)).toBe(true);
    if (name !== "snapshot") {
      // The system's tar reads it too, long name and all.
      const listed = execFileSync("tar", [name.endsWith(".gz") ? "-tzf" : "-tf", target], { encoding: "utf8" }).trim().split("\n");
      expect(listed.sort()).toEqual([...CONTENTS.keys()].sort());
    } else {
      expect(readFileSync(path.join(target, LONG_NAME)).equals(CONTENTS.get(LONG_NAME)!)).toBe(true);
    }
  });

  it("leaves nothing behind when aborted, and refuses a target that exists", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "snapshot-"));
    const writer = await createSnapshotWriter(path.join(folder, name));
    await writer.add("manifest.json", Readable.from([Buffer.from("{}")]), 2);
    await writer.abort();
    expect(execFileSync("ls", ["-A", folder], { encoding: "utf8" })).toBe("");
    await expect(createSnapshotWriter(folder)).rejects.toThrow("already exists");
  });
});

describe("a damaged or changing archive", () => {
  it.each(["tar", "tar.gz"])("says a .%s cut short is damaged or incomplete, as a BackupError", async (extension) => {
    const folder = mkdtempSync(path.join(tmpdir(), "snapshot-"));
    const whole = path.join(folder, `whole.${extension}`);
    await writeAndRead(whole);
    const cut = path.join(folder, `cut.${extension}`);
    // Half way through the long entry: for the .tar.gz, zlib finds the compressed stream unfinished.
    writeFileSync(cut, readFileSync(whole).subarray(0, 40_000));
    const readAll = async () => {
      for await (const { body } of (await openSnapshot(cut))()) for await (const _part of body);
    };
    const failure = await readAll().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackupError);
    expect((failure as Error).message).toContain("The snapshot is damaged or incomplete");
  });

  it("refuses an entry whose stream holds another size than announced (a file that changed while copied)", async () => {
    const writer = await createSnapshotWriter(path.join(mkdtempSync(path.join(tmpdir(), "snapshot-")), "s.tar"));
    await expect(writer.add("files/a", Readable.from([Buffer.alloc(10)]), 12)).rejects.toThrow(new BackupError(
      "files/a changed while it was being copied (12 bytes when the copy began, 10 read). Run the backup again.",
    ));
    await writer.abort();
  });
});
