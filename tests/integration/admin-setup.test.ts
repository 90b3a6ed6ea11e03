import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { issueSetupLink, SETUP_LINK_SIBLING_MS, setupTokenUsable } from "~/modules/accounts/setup-link.server";
import { startTestApp, type TestApp } from "../support/app-server";
import { HttpSession } from "../support/http-session";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("first admin from the printed setup link", () => {
  it("works once: creates a signed-in admin, then the link and new links stop working", async () => {
    const { db } = app.services;
    // A link of an earlier start stops working; one printed alongside (another instance starting) still works.
    const stale = await issueSetupLink(db, app.url, new Date(Date.now() - SETUP_LINK_SIBLING_MS - 1000));
    const sibling = await issueSetupLink(db, app.url, new Date(Date.now() - 1000));
    const link = await issueSetupLink(db, app.url, new Date());
    expect(await setupTokenUsable(db, new URL(sibling!).searchParams.get("token")!, new Date())).toBe(true);
    expect(link).toMatch(/\/setup\?token=[\w-]{43}$/);
    const owner = new HttpSession(app.url, "10.8.0.1");
    expect((await owner.get(stale!.replace(app.url, ""))).status).toBe(410);

    const path = link!.replace(app.url, "");
    expect((await owner.get(path)).status).toBe(200);
    const token = new URL(link!).searchParams.get("token")!;
    const weak = await owner.post("/setup", { token, name: "Owner", email: "owner@example.org", password: "short" });
    expect(weak.status).toBe(400);
    const created = await owner.post("/setup", { token, name: "Owner", email: "owner@example.org", password: "the owner's passphrase" });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin");
    expect((await owner.get("/admin")).status).toBe(200);

    const again = await new HttpSession(app.url, "10.8.0.2").post("/setup", { token, name: "Intruder", email: "x@example.org", password: "another passphrase" });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain(locales.en.accounts.errors.setupUsed.replace("'", "&#x27;"));
    expect(await db.selectFrom("user").select("email").execute()).toEqual([{ email: "owner@example.org" }]);
    expect(await setupTokenUsable(db, new URL(sibling!).searchParams.get("token")!, new Date())).toBe(false);
    expect(await issueSetupLink(db, app.url, new Date())).toBeNull();
  });

  it("makes an existing account the admin only with that account's own password", async () => {
    const { db } = app.services;
    await db.updateTable("user").set({ role: "user" }).execute();
    const link = await issueSetupLink(db, app.url, new Date());
    const token = new URL(link!).searchParams.get("token")!;
    const owner = new HttpSession(app.url, "10.8.0.3");
    // The form posts to its own address, token included.
    const wrong = await owner.post(`/setup?token=${token}`, { token, name: "Owner", email: "owner@example.org", password: "not the account's password" });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain(locales.en.accounts.errors.existingAccountPassword.replace("'", "&#x27;"));
    expect(await db.selectFrom("user").select("role").execute()).toEqual([{ role: "user" }]);

    const right = await owner.post("/setup", { token, name: "Owner", email: "owner@example.org", password: "the owner's passphrase" });
    expect(right.status).toBe(302);
    expect(await db.selectFrom("user").select("role").execute()).toEqual([{ role: "admin" }]);
    expect((await owner.get("/admin")).status).toBe(200);
  });
});
