import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseConfig } from "~/lib/config.server";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { openServices } from "./server/bootstrap";
import { createLogger } from "./server/logger";
import { launchBrowser, waitForHydration } from "./tests/support/browser";
import { spawnServer } from "./tests/support/server-process";

const dataDir = mkdtempSync(path.join(tmpdir(), "shots-"));
const services = await openServices(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), createLogger("silent"));
await createOrPromoteAdmin(services, { email: "owner@example.org", password: "the owner's long passphrase" }, { userId: null, ip: "x", userAgent: null }, new Date());
services.mailer.close();
await services.db.destroy();
const server = spawnServer({ DATA_DIR: dataDir });
await server.ready;
const out = path.resolve("/tmp/article-shots");
mkdirSync(out, { recursive: true });
const browser = await launchBrowser();
for (const width of [390, 1280]) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await page.goto(`${server.url}/sign-in`);
  await waitForHydration(page);
  await page.locator("main").getByLabel("Email address", { exact: true }).fill("owner@example.org");
  await page.locator("main").getByLabel("Password", { exact: true }).fill("the owner's long passphrase");
  await page.locator("main").getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/account/);
  await page.goto(`${server.url}/admin`);
  await page.getByRole("button", { name: "Verify Admin Access" }).click();
  await page.getByRole("link", { name: "Subscribers" }).waitFor();
  await page.screenshot({ path: `${out}/dashboard-${width}.png`, fullPage: true });
  for (const lang of ["", "/fr"]) {
    await page.goto(`${server.url}${lang}/admin/articles`);
    await page.screenshot({ path: `${out}/list${lang.replace("/", "-")}-${width}.png`, fullPage: true });
  }
  await page.goto(`${server.url}/admin/articles`);
  await page.locator("main table a, main ul a").filter({ hasText: "Building" }).first().click();
  await page.waitForURL(/admin\/articles\/[0-9a-f-]{36}/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Show the preview" }).click();
  await page.locator("#article-preview [data-preview] p").first().waitFor();
  await page.screenshot({ path: `${out}/editor-${width}.png`, fullPage: true });
  await page.goto((page.url() + "?lang=fr").replace("/admin", "/fr/admin"));
  await page.screenshot({ path: `${out}/editor-fr-${width}.png`, fullPage: true });
}
await browser.close();
server.child.kill("SIGTERM");
await server.exited;
console.log("done");
