import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer } from "../support/server-process";

// The packages only some requests need load when first used (docs/decisions/053-compiled-server-and-heavy-modules-on-first-use.md):
// a server started as `npm start` starts it, on the SQLite default, has loaded none of them after serving the home page.
const LOADED_ON_FIRST_USE = ["@tus/server", "@tus/file-store", "file-type", "music-metadata", "nodemailer", "pg", "sharp", "pdfjs-dist", "@napi-rs/canvas", "@aws-sdk/client-s3"];
const RECORDER = path.resolve(import.meta.dirname, "../support/record-loaded-modules.mjs");

const folder = mkdtempSync(path.join(tmpdir(), "loaded-modules-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The packages named in the recorded files (`…/node_modules/<package>/…`). */
function packagesIn(recorded: string): Set<string> {
  return new Set([...recorded.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map((match) => match[1]!));
}

describe("heavy modules", () => {
  it("are not loaded by a server that has started and served the home page", async () => {
    const file = path.join(folder, "loaded.txt");
    const server = spawnServer({ LOADED_MODULES_FILE: file, NODE_OPTIONS: `--import ${RECORDER}` });
    try {
      await server.ready;
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    const loaded = packagesIn(readFileSync(file, "utf8"));
    // What every start loads is recorded, so an empty list is not mistaken for a pass.
    expect(loaded).toContain("express");
    expect(loaded).toContain("better-sqlite3");
    expect(LOADED_ON_FIRST_USE.filter((name) => loaded.has(name))).toEqual([]);
  });
});
