import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SAMPLE_ARTICLE } from "../support/routes";
import { spawnServer } from "../support/server-process";

// The packages only some requests need load when first used (docs/decisions/053-compiled-server-and-heavy-modules-on-first-use.md,
// 054-idle-memory.md): a server started as `npm start` starts it, on the SQLite default, has loaded none of them
// after an anonymous reader's pages.
const LOADED_ON_FIRST_USE = ["@tus/server", "@tus/file-store", "file-type", "music-metadata", "nodemailer", "pg", "sharp", "pdfjs-dist", "@napi-rs/canvas", "@aws-sdk/client-s3", "better-auth", "@better-auth/core"];
const ANONYMOUS_PAGES = ["/", "/blog", `/blog/${SAMPLE_ARTICLE}`];
const RECORDER = path.resolve(import.meta.dirname, "../support/record-loaded-modules.mjs");

const folder = mkdtempSync(path.join(tmpdir(), "loaded-modules-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The packages named in the recorded files (`…/node_modules/<package>/…`). */
function packagesIn(recorded: string): Set<string> {
  return new Set([...recorded.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map((match) => match[1]!));
}

describe("heavy modules", () => {
  it("are not loaded by a server that has started and served an anonymous reader's pages; better-auth loads for a session cookie", async () => {
    const file = path.join(folder, "loaded.txt");
    const server = spawnServer({ LOADED_MODULES_FILE: file, NODE_OPTIONS: `--import ${RECORDER}` });
    let afterReader: Set<string>;
    let afterSessionCookie: Set<string>;
    try {
      await server.ready;
      for (const page of ANONYMOUS_PAGES) expect((await fetch(`${server.url}${page}`)).status, page).toBe(200);
      afterReader = packagesIn(readFileSync(file, "utf8"));
      // A cookie that names no session: better-auth must be loaded to tell, and then sends the visitor to sign in.
      const account = await fetch(`${server.url}/account`, { headers: { cookie: "dp.session_token=unknown" }, redirect: "manual" });
      expect(account.status).toBe(302);
      afterSessionCookie = packagesIn(readFileSync(file, "utf8"));
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    // What every start loads is recorded, so an empty list is not mistaken for a pass.
    expect(afterReader).toContain("express");
    expect(afterReader).toContain("better-sqlite3");
    expect(LOADED_ON_FIRST_USE.filter((name) => afterReader.has(name))).toEqual([]);
    // The icons the pages draw are bundled into the build (ADR 052, vite.config.ts), not read from node_modules.
    expect(afterReader).not.toContain("lucide-react");
    // And a package loaded later is recorded too (the recorder sees `import()`).
    expect(afterSessionCookie).toContain("better-auth");
  });
});
