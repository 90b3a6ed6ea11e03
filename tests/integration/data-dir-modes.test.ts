import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HttpSession } from "../support/http-session";
import { spawnServer, type ServerProcess } from "../support/server-process";
import { createUpload, sendBytes } from "../support/tus";

const PASSWORD = "the owner's own passphrase";

/** Every file and folder under `root`, with its permission bits. */
function modesUnder(root: string): Array<{ file: string; mode: number }> {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(root, name))
    .concat(root)
    .map((file) => ({ file: path.relative(root, file) || ".", mode: statSync(file).mode & 0o777 }));
}

function run(script: string, args: string[], dataDir: string): Promise<number | null> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, stdio: "ignore" });
  return new Promise((resolve) => child.on("exit", resolve));
}

describe("files in DATA_DIR", () => {
  let server: (ServerProcess & { ready: Promise<void> }) | undefined;
  afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
  });

  it("are readable by the site's user only: the database and its -wal/-shm, the session secret, objects, staged uploads and the mails written so far", async () => {
    // A data folder an older version left open to everyone, with an open session secret in it.
    const dataDir = mkdtempSync(path.join(tmpdir(), "private-data-"));
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, "session-secret"), `${"a".repeat(64)}\n`, { mode: 0o644 });
    chmodSync(path.join(dataDir, "session-secret"), 0o644);
    mkdirSync(path.join(dataDir, "uploads"), { mode: 0o755 });

    server = spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: "true" });
    await server.ready;
    expect(await run("scripts/admin-create.ts", ["--email", "owner@example.org", "--password", PASSWORD], dataDir)).toBe(0);
    const owner = new HttpSession(server.url, "10.50.0.1");
    expect((await owner.post("/sign-in", { email: "owner@example.org", password: PASSWORD })).status).toBe(302);
    expect((await owner.post("/admin-access", { intent: "verify" })).status).toBe(200);
    const started = await createUpload(owner, 4096);
    expect(started.status).toBe(201);
    expect((await sendBytes(owner, started.headers.get("location")!, 0, Buffer.alloc(1024))).status).toBe(204);
    await new HttpSession(server.url, "10.50.0.2").post("/sign-up", { name: "Reader", email: "reader@example.org", password: PASSWORD });

    const modes = modesUnder(dataDir);
    const files = modes.map(({ file }) => file);
    expect(files).toEqual(expect.arrayContaining([".", "app.db", "app.db-wal", "app.db-shm", "session-secret", "objects", "uploads"]));
    expect(files.some((file) => file.startsWith("objects/podcast/"))).toBe(true);
    expect(files.filter((file) => file.startsWith("uploads/")).length).toBeGreaterThan(0);
    expect(modes.filter(({ mode }) => (mode & 0o077) !== 0)).toEqual([]);
  });
});
