import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appOnTestDatabase } from "../support/app-server";
import { people } from "../support/people";
import { spawnServer } from "../support/server-process";
import { createUpload, sendBytes, uploadIdOf, uploadOffset } from "../support/tus";

// Pieces of resumable uploads a crash left in DATA_DIR/uploads are removed when a server starts, while
// an upload another process sharing the folder is still receiving is kept and can be finished.

const HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000);
const id = (n: number) => n.toString(16).padStart(32, "0");

describe("staged upload leftovers", () => {
  const app = appOnTestDatabase("sqlite");
  const { adminInMode } = people(app);

  it("are removed when a server starts on the folder; a live upload of another process is kept and finishes", async () => {
    const uploads = path.join(app.services.config.dataDir, "uploads");
    mkdirSync(uploads, { recursive: true });
    // The first process is receiving an upload: half of it has arrived.
    const owner = await adminInMode("10.73.0.1");
    const created = await createUpload(owner, 2000, "episode.mp3", "audio");
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect((await sendBytes(owner, location, 0, Buffer.alloc(1000, 1))).status).toBe(204);
    const live = uploadIdOf(location);

    // What a crash an hour ago left: a whole pair, a data file alone, a .json alone, an upload with the MP3
    // being made from it; and a file that is not tus's.
    const leftovers = [id(1), `${id(1)}.json`, id(2), `${id(3)}.json`, id(4), `${id(4)}.json`, `${id(4)}.mp3`];
    for (const name of leftovers) {
      writeFileSync(path.join(uploads, name), name.endsWith(".json") ? JSON.stringify({ id: name, size: 10, offset: 0 }) : "partial");
      utimesSync(path.join(uploads, name), HOUR_AGO, HOUR_AGO);
    }
    writeFileSync(path.join(uploads, "notes.txt"), "not an upload");
    utimesSync(path.join(uploads, "notes.txt"), HOUR_AGO, HOUR_AGO);

    // A second server starts on the same DATA_DIR (and database).
    const second = spawnServer({ DATA_DIR: app.services.config.dataDir });
    try {
      await second.ready;
      const left = readdirSync(uploads).sort();
      expect(left.filter((name) => leftovers.includes(name))).toEqual([]);
      expect(left).toEqual(expect.arrayContaining([live, `${live}.json`, "notes.txt"]));
    } finally {
      second.child.kill("SIGTERM");
      await second.exited;
    }

    // The live upload resumes where it was and completes.
    expect(await uploadOffset(owner, location)).toBe(1000);
    expect((await sendBytes(owner, location, 1000, Buffer.alloc(1000, 1))).status).toBe(204);
    expect(existsSync(path.join(uploads, live))).toBe(true);
  });
});
