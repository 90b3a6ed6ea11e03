import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { issueSetupLink } from "~/modules/accounts/setup-link.server";
import { outboxDrained, startTestApp, type TestApp } from "../support/app-server";
import { emptyTarget, runScript, sourceSite, type BackupSite } from "../support/backup-sites";
import { dialects } from "../support/databases";
import { HttpSession, linkIn, mailsIn } from "../support/http-session";
import { startS3Server, type TestS3Server } from "../support/s3-server";

/**
 * A backup holds no way into the site: the owner is signed in and in admin mode, a password reset,
 * a sign-in link and the admin setup link are out, and then `npm run backup` writes a .tar in which
 * none of their tokens, nor the secret that signs session cookies, can be found. Restored, the site
 * signs everyone out: the owner's cookie from before the backup opens nothing there.
 */
const PASSWORD = "correct horse battery";
const SYSTEM = { userId: null, sessionId: null, ip: "test", userAgent: null };

describe.each(dialects)("a backup's keys on %s", (dialect) => {
  let s3: TestS3Server;
  let source: BackupSite;
  let target: BackupSite;
  let app: TestApp;
  let owner: HttpSession;
  let archive: string;
  const secrets = new Map<string, string>();
  const work = mkdtempSync(path.join(tmpdir(), "backup-keys-"));

  beforeAll(async () => {
    s3 = await startS3Server();
    source = await sourceSite(dialect, s3);
    target = await emptyTarget(dialect, s3);
    // SESSION_SECRET unset, as by default: the site draws its secret into the data folder.
    app = await startTestApp({ ...source.env, TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await app?.close();
    await source?.drop();
    await target?.drop();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("writes a snapshot in which no session, no one-time link and no secret can be found", async () => {
    const { db } = app.services;
    const setupLink = await issueSetupLink(db, app.url, new Date());
    secrets.set("admin setup link", new URL(setupLink!).searchParams.get("token")!);
    await createOrPromoteAdmin(app.services, { email: "owner@example.org", password: PASSWORD }, SYSTEM, new Date());
    owner = new HttpSession(app.url, "10.40.0.1");
    expect((await owner.post("/sign-in", { email: "owner@example.org", password: PASSWORD })).status).toBe(302);
    expect((await owner.post("/admin-access", { intent: "verify" })).status).toBe(200);
    expect((await owner.get("/account")).status).toBe(200);
    const visitor = new HttpSession(app.url, "10.40.0.2");
    expect((await visitor.post("/forgot-password", { email: "owner@example.org" })).status).toBe(200);
    expect((await visitor.post("/sign-in-link", { email: "owner@example.org" })).status).toBe(200);
    await outboxDrained(app);
    const mails = mailsIn(app.services.config.dataDir);
    secrets.set("password reset", new URL(linkIn(mails.find((mail) => mail.includes("/reset-password"))!, "/reset-password")).searchParams.get("token")!);
    secrets.set("sign-in link", new URL(linkIn(mails.find((mail) => mail.includes("/sign-in-link/verify"))!, "/sign-in-link/verify")).searchParams.get("token")!);
    for (const row of await db.selectFrom("session").select(["token"]).execute()) secrets.set(`session ${row.token}`, row.token);
    for (const row of await db.selectFrom("verification").select(["identifier"]).execute()) secrets.set(`verification ${row.identifier}`, row.identifier);
    for (const row of await db.selectFrom("admin_setup_tokens").select(["token_hash"]).execute()) secrets.set("setup link's hash", row.token_hash);
    secrets.set("session secret", readFileSync(path.join(source.config.dataDir, "session-secret"), "utf8").trim());
    expect([...secrets.keys()].filter((name) => name.startsWith("session ")).length).toBeGreaterThan(0);
    expect(await db.selectFrom("admin_modes").select("session_id").execute()).not.toEqual([]);
    expect(await db.selectFrom("rate_limits").select("key").execute()).not.toEqual([]);

    archive = path.join(work, "site.tar");
    const backup = await runScript("backup", ["--out", archive], source);
    expect(backup.code).toBe(0);
    expect(backup.output).toContain("left out");

    // The archive's bytes, and on PostgreSQL the dump's rows as SQL (pg_dump compresses its data).
    const searched = [readFileSync(archive).toString("latin1")];
    const entries = execFileSync("tar", ["-tf", archive], { encoding: "utf8" }).split("\n").filter(Boolean);
    expect.soft(entries.filter((entry) => entry.startsWith("data/"))).toEqual([]);
    if (dialect === "postgres") {
      execFileSync("tar", ["-xf", archive, "-C", work, "database/postgres.dump"]);
      searched.push(execFileSync("pg_restore", ["--data-only", "--file=-", path.join(work, "database/postgres.dump")], { encoding: "utf8", maxBuffer: 1 << 30 }));
    }
    // The search sees the rows: the owner's address is there.
    expect(searched.some((text) => text.includes("owner@example.org"))).toBe(true);
    for (const [name, value] of secrets) expect.soft([name, searched.some((text) => text.includes(value))]).toEqual([name, false]);
    const manifest = JSON.parse(execFileSync("tar", ["-xOf", archive, "manifest.json"], { encoding: "utf8" })) as { database: { tables: Record<string, number> }; dataFiles: unknown[] };
    expect(manifest.dataFiles).toEqual([]);
    for (const table of ["session", "verification", "admin_modes", "admin_setup_tokens", "rate_limits"]) expect([table, manifest.database.tables[table]]).toEqual([table, 0]);
  });

  it("restores a site where no cookie from before the backup works, and says everyone must sign in again", async () => {
    const restored = await runScript("restore", [archive], target);
    expect(restored.code).toBe(0);
    expect.soft(restored.output).toContain("Every session has ended: everyone, you included, must sign in again.");
    // The restored site as the owner starts it: SESSION_SECRET unset, so it draws a secret of its own.
    const restoredApp = await startTestApp({ ...target.env, TRUST_PROXY: "true" });
    try {
      expect.soft(readFileSync(path.join(target.config.dataDir, "session-secret"), "utf8").trim()).not.toBe(secrets.get("session secret"));
      const before = owner.via(restoredApp.url);
      expect(before.cookieHeader()).toContain("session_token=");
      const account = await before.get("/account");
      expect(account.status).toBe(302);
      expect(account.headers.get("location")).toMatch(/^\/sign-in/);
      expect((await before.post("/admin-access", { intent: "verify" })).status).not.toBe(200);
      // The owner signs in again with the password the backup kept.
      const again = new HttpSession(restoredApp.url, "10.40.0.3");
      expect((await again.post("/sign-in", { email: "owner@example.org", password: PASSWORD })).status).toBe(302);
      expect((await again.get("/account")).status).toBe(200);
    } finally {
      await restoredApp.close();
    }
  });
});
