import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { issueSetupLink } from "~/modules/accounts/setup-link.server";
import { appOnTestDatabase, type TestApp } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession } from "../support/http-session";
import { confirmedAccount, enrolTwoFactor, PASSWORD } from "../support/two-factor";

const STRANGER_PASSWORD = "the stranger's passphrase";
const OWNER_PASSWORD = "the owner's own passphrase";

/** `npm run admin:create -- <args>` as the owner runs it: its own process, on the app's database. */
function adminCreate(app: TestApp, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { dataDir, databaseUrl } = app.services.config;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

/** A stranger signs up with someone else's address and never confirms it. */
async function strangerSignsUp(app: TestApp, email: string, ip: string): Promise<string> {
  expect((await new HttpSession(app.url, ip).post("/sign-up", { name: "Stranger", email, password: STRANGER_PASSWORD })).status).toBe(200);
  const row = await app.services.db.selectFrom("user").select(["id", "role", "emailVerified"]).where("email", "=", email).executeTakeFirstOrThrow();
  expect([row.role, Boolean(row.emailVerified)]).toEqual(["user", false]);
  return row.id;
}

const signInStatus = async (app: TestApp, email: string, password: string, ip: string) =>
  (await new HttpSession(app.url, ip).post("/sign-in", { email, password })).status;

describe.each(dialects)("the owner's account on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const db = () => app.services.db;
  const auditOf = (action: string, resource?: string) => {
    let query = db().selectFrom("audit_log").selectAll().where("action", "=", action);
    if (resource) query = query.where("resource", "=", resource);
    return query.execute();
  };
  const userOf = (email: string) => db().selectFrom("user").select(["id", "role", "emailVerified"]).where("email", "=", email).executeTakeFirst();

  it("the setup link never makes a stranger's unconfirmed sign-up the admin: it is replaced by the owner's account", async () => {
    const strangerId = await strangerSignsUp(app, "owner@example.org", "10.30.0.1");
    const link = await issueSetupLink(db(), app.url, new Date());
    const token = new URL(link!).searchParams.get("token")!;
    const owner = new HttpSession(app.url, "10.30.0.2");
    const created = await owner.post("/setup", { token, name: "Owner", email: "owner@example.org", password: OWNER_PASSWORD });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin");
    expect((await owner.get("/admin")).status).toBe(200);

    const admin = (await userOf("owner@example.org"))!;
    expect(admin.id).not.toBe(strangerId);
    expect([admin.role, Boolean(admin.emailVerified)]).toEqual(["admin", true]);
    expect(await db().selectFrom("user").select("id").where("id", "=", strangerId).executeTakeFirst()).toBeUndefined();
    expect(await signInStatus(app, "owner@example.org", STRANGER_PASSWORD, "10.30.0.3")).toBe(401);
    const [row] = await auditOf("admin.created", `user:${admin.id}`);
    expect(JSON.parse(row!.details)).toEqual({ replaced: `user:${strangerId}`, previous: { role: "user", verified: false, twoFactor: false, sessions: 0 } });
  });

  it("the setup link promotes a confirmed account only with its password, and ends that account's earlier sessions", async () => {
    await db().updateTable("user").set({ role: "user" }).execute();
    await confirmedAccount(app, "reader@example.org", "10.30.1.1");
    const earlier = new HttpSession(app.url, "10.30.1.2");
    expect((await earlier.post("/sign-in", { email: "reader@example.org", password: PASSWORD })).status).toBe(302);
    expect((await earlier.get("/account")).status).toBe(200);

    const token = new URL((await issueSetupLink(db(), app.url, new Date()))!).searchParams.get("token")!;
    const owner = new HttpSession(app.url, "10.30.1.3");
    expect((await owner.post("/setup", { token, name: "Reader", email: "reader@example.org", password: "not this account's password" })).status).toBe(400);
    expect((await userOf("reader@example.org"))!.role).toBe("user");
    expect((await owner.post("/setup", { token, name: "Reader", email: "reader@example.org", password: PASSWORD })).status).toBe(302);
    expect((await owner.get("/admin")).status).toBe(200);
    expect((await userOf("reader@example.org"))!.role).toBe("admin");
    expect((await earlier.get("/account")).status).toBe(302);
    const reader = (await userOf("reader@example.org"))!;
    const [row] = await auditOf("admin.promoted", `user:${reader.id}`);
    expect(JSON.parse(row!.details)).toEqual({ passwordReplaced: false, previous: { role: "user", verified: true, twoFactor: false, sessions: 2 } });
  });

  it("admin:create replaces a stranger's unconfirmed sign-up, so the stranger's password never opens the admin", async () => {
    const strangerId = await strangerSignsUp(app, "editor@example.org", "10.30.2.1");
    const run = await adminCreate(app, ["--email", "editor@example.org", "--password", OWNER_PASSWORD]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("never confirmed");

    expect(await signInStatus(app, "editor@example.org", STRANGER_PASSWORD, "10.30.2.2")).toBe(401);
    expect(await db().selectFrom("user").select("id").where("id", "=", strangerId).executeTakeFirst()).toBeUndefined();
    const owner = new HttpSession(app.url, "10.30.2.3");
    expect((await owner.post("/sign-in", { email: "editor@example.org", password: OWNER_PASSWORD })).status).toBe(302);
    expect((await owner.get("/admin")).status).toBe(200);
    const admin = (await userOf("editor@example.org"))!;
    const [row] = await auditOf("admin.created", `user:${admin.id}`);
    expect(JSON.parse(row!.details)).toEqual({ replaced: `user:${strangerId}`, previous: { role: "user", verified: false, twoFactor: false, sessions: 0 } });
    expect(row!.ip_address).toBe("command line");
  });

  it("admin:create refuses a confirmed account without --password, and with it ends the account's password, sessions and two-factor", async () => {
    await confirmedAccount(app, "adjoa@example.org", "10.30.3.1");
    // Two sessions: the one the confirmation link opened, and the one that turned two-factor on.
    const { session } = await enrolTwoFactor(app, "adjoa@example.org", "10.30.3.2");
    expect((await session.get("/account")).status).toBe(200);

    const refused = await adminCreate(app, ["--email", "adjoa@example.org"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("nothing changed");
    expect(refused.stderr).toContain("npm run admin:create -- --email adjoa@example.org --password");
    expect((await userOf("adjoa@example.org"))!.role).toBe("user");
    expect((await session.get("/account")).status).toBe(200);

    const promoted = await adminCreate(app, ["--email", "adjoa@example.org", "--password", OWNER_PASSWORD]);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain("signed out everywhere");
    expect((await session.get("/account")).status).toBe(302);
    expect(await signInStatus(app, "adjoa@example.org", PASSWORD, "10.30.3.3")).toBe(401);
    // The given password signs straight in: no second factor is asked any more.
    const owner = new HttpSession(app.url, "10.30.3.4");
    const signedIn = await owner.post("/sign-in", { email: "adjoa@example.org", password: OWNER_PASSWORD });
    expect([signedIn.status, signedIn.headers.get("location")]).toEqual([302, "/account"]);
    expect((await owner.get("/admin")).status).toBe(200);
    const user = (await userOf("adjoa@example.org"))!;
    expect(user.role).toBe("admin");
    expect(await db().selectFrom("twoFactor").select("id").where("userId", "=", user.id).execute()).toEqual([]);
    const [row] = await auditOf("admin.promoted", `user:${user.id}`);
    expect(JSON.parse(row!.details)).toEqual({ passwordReplaced: true, previous: { role: "user", verified: true, twoFactor: true, sessions: 2 } });

    // Run again: without a password nothing changes; with one (a lost password or phone) the admin gets it and is signed out.
    const cli = { userId: null, sessionId: null, ip: "command line", userAgent: null };
    expect(await createOrPromoteAdmin(app.services, { email: "adjoa@example.org" }, cli, new Date())).toBe("already-admin");
    expect((await owner.get("/account")).status).toBe(200);
    expect(await createOrPromoteAdmin(app.services, { email: "adjoa@example.org", password: "a third passphrase" }, cli, new Date())).toBe("password-replaced");
    expect((await owner.get("/account")).status).toBe(302);
    expect(await signInStatus(app, "adjoa@example.org", "a third passphrase", "10.30.3.5")).toBe(302);
  });
});
