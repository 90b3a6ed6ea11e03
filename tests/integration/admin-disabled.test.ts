import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { startTestApp, type TestApp } from "../support/app-server";
import { HttpSession } from "../support/http-session";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ADMIN_ENABLED: "false" });
});
afterAll(() => app.close());

const escapeHtml = (text: string) => text.replace(/'/g, "&#x27;");

describe("a read-only deployment (ADMIN_ENABLED=false)", () => {
  it("shows no Admin Access button on the pages that carry it", async () => {
    for (const path of ["/", "/shop", "/podcast"]) {
      const html = await (await fetch(app.url + path)).text();
      expect(html, path).not.toContain(`>${locales.en.admin.access.open}</button>`);
    }
  });

  it("has no account pages, and /admin says admin access needs the backend", async () => {
    const visitor = new HttpSession(app.url);
    for (const path of ["/sign-in", "/sign-up", "/forgot-password", "/account", "/setup", "/fr/sign-in", "/sign-in-link", "/sign-in-link/verify", "/two-factor"]) {
      expect((await visitor.get(path)).status, path).toBe(404);
    }
    expect((await visitor.post("/sign-up", { name: "X", email: "x@example.org", password: "a long passphrase" })).status).toBe(404);
    expect(await app.services.db.selectFrom("user").select("id").execute()).toEqual([]);
    expect((await visitor.get("/admin-access")).status).toBe(404);
    expect((await visitor.post("/admin-access", { intent: "verify" })).status).toBe(404);
    expect((await visitor.post("/admin", { intent: "verify" })).status).toBe(404);

    const admin = await visitor.get("/es/admin");
    expect(admin.status).toBe(200);
    const html = await admin.text();
    // Rendered elements, not the strings the page also carries for the browser.
    expect(html).toContain(`>${escapeHtml(locales.es.dashboard.states.unavailable)}</p>`);
    expect(html).not.toContain(`>${escapeHtml(locales.es.dashboard.states.authRequired)}</h2>`);
  });
});
