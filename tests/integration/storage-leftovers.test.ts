import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createObjectStorage } from "~/adapters/storage/object-storage.server";
import { spawnServer } from "../support/server-process";

/**
 * A write to the folder storage goes to objects/.tmp and is renamed into place; a crash in between
 * leaves the temporary file. Opening the storage (as the site does at start) removes the leftovers of
 * writers that are gone, and leaves alone a write still in progress, in this process or another.
 */

const HOST = hostname().toLowerCase().replace(/[^a-z0-9.-]/g, "") || "host";
const nameOf = (pid: number, start = randomBytes(6).toString("hex")) => `${HOST}~${pid}~${start}~${randomUUID()}`;
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A process that has ended: its id names no running writer. */
async function endedProcessId(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

/** A data folder whose objects/.tmp holds what crashes leave, and one write another process still makes. */
async function dataFolderWithLeftovers() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "storage-leftovers-"));
  folders.push(dataDir);
  const temporary = path.join(dataDir, "objects", ".tmp");
  mkdirSync(temporary, { recursive: true });
  const longAgo = new Date("2024-01-01T00:00:00Z");
  const leftovers = [
    nameOf(await endedProcessId()), // its writer ended
    `${nameOf(await endedProcessId())}.json`, // the sidecar of such a write
    randomUUID(), // named by an earlier version of the site, before this process started
  ];
  // This test's process id from an earlier start (a container's pid 1, started again): gone for this
  // process; for a server started beside it, a writer that still runs.
  const earlierStart = nameOf(process.pid);
  for (const name of [...leftovers, earlierStart]) {
    writeFileSync(path.join(temporary, name), "half a file");
    utimesSync(path.join(temporary, name), longAgo, longAgo);
  }
  // A write by a process that still runs (this test's own parent, the test runner) is not touched, however old.
  const inProgress = nameOf(process.ppid);
  writeFileSync(path.join(temporary, inProgress), "still arriving");
  utimesSync(path.join(temporary, inProgress), longAgo, longAgo);
  return { dataDir, temporary, leftovers, earlierStart, inProgress };
}

describe("the folder storage's leftovers of interrupted writes", () => {
  it("are removed when the storage opens, while a write in progress in this process finishes whole", async () => {
    const { dataDir, temporary, inProgress } = await dataFolderWithLeftovers();
    const first = await createObjectStorage({ dataDir, s3: undefined });
    expect(readdirSync(temporary)).toEqual([inProgress]);

    // Half of a write, then the storage is opened again beside it (a second instance, a backup's), then the rest.
    const body = new PassThrough();
    const bytes = randomBytes(200_000);
    const key = "test/leftovers/arriving.bin";
    const writing = first.put(key, body, { contentType: "application/octet-stream" });
    body.write(bytes.subarray(0, 100_000));
    while (readdirSync(temporary).length < 2) await new Promise((resolve) => setImmediate(resolve));
    const second = await createObjectStorage({ dataDir, s3: undefined });
    body.end(bytes.subarray(100_000));
    expect((await writing).size).toBe(bytes.length);

    const stored = await second.get(key);
    const parts: Buffer[] = [];
    for await (const part of stored!.body) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    expect(readdirSync(temporary)).toEqual([inProgress]);
  });

  it("are gone once the site has started on the data folder", async () => {
    const { dataDir, temporary, leftovers, earlierStart, inProgress } = await dataFolderWithLeftovers();
    const server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: "", S3_ENDPOINT: "", S3_BUCKET: "" });
    try {
      await server.ready;
      for (const name of leftovers) expect([name, existsSync(path.join(temporary, name))]).toEqual([name, false]);
      expect(readdirSync(temporary).sort()).toEqual([earlierStart, inProgress].sort());
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
});
