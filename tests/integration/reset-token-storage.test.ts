import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase } from "../support/app-server";
import { dialects } from "../support/databases";
import { HttpSession, linkIn, mailsArriving } from "../support/http-session";
import { confirmedAccount, PASSWORD, pathOf } from "../support/two-factor";

describe.each(dialects)("password-reset tokens on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);

  it("keeps only a hash of the mailed token, which is no token itself; the link resets the password once", async () => {
    await confirmedAccount(app, "forgetful@example.org", "10.41.1.1");
    const visitor = new HttpSession(app.url, "10.41.1.2");
    expect((await visitor.post("/forgot-password", { email: "forgetful@example.org" })).status).toBe(200);
    const mail = (await mailsArriving(app.services.config.dataDir, (text) => text.includes("forgetful@example.org") && text.includes("/reset-password?token="))).at(-1)!;
    const link = pathOf(linkIn(mail, "/reset-password"));
    const token = new URL(link, app.url).searchParams.get("token")!;
    expect(token.length).toBeGreaterThanOrEqual(20);

    const rows = await app.services.db.selectFrom("verification").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain("reset-password:");

    // A database reader who tries the stored values as tokens gets nowhere.
    const hashOfToken = createHash("sha256").update(`reset-password:${token}`).digest("base64url");
    expect(rows.map((row) => row.identifier)).toContain(hashOfToken);
    for (const candidate of rows.flatMap((row) => [row.identifier, row.value])) {
      const tried = await visitor.post("/reset-password", { token: candidate, password: "a stolen new passphrase" });
      expect(tried.status).toBe(400);
    }

    const page = await visitor.get(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect((await visitor.post("/reset-password", { token, password: "a brand new passphrase" })).status).toBe(200);
    const reused = await visitor.post("/reset-password", { token, password: "another new passphrase" });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain(locales.en.accounts.errors.linkInvalid);

    const owner = new HttpSession(app.url, "10.41.1.3");
    expect((await owner.post("/sign-in", { email: "forgetful@example.org", password: PASSWORD })).status).toBe(401);
    expect((await owner.post("/sign-in", { email: "forgetful@example.org", password: "a brand new passphrase" })).status).toBe(302);
  });
});
