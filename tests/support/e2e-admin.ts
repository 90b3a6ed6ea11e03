import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { AppServices } from "~/adapters/context.server";
import { parseConfig } from "~/lib/config.server";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { openServices } from "../../server/bootstrap";
import { createLogger } from "../../server/logger";
import { waitForHydration } from "./browser";
import { spawnServer, type ServerProcess } from "./server-process";

export const ADMIN_EMAIL = "owner@example.org";
const PASSWORD = "the owner's long passphrase";

/**
 * A server of the test file's own on a fresh data folder (`prepare` may fill it first), started before
 * the tests and stopped after, so the file needs nothing another file did and runs alone or in any order.
 */
export function useOwnServer(name: string, prepare?: (dataDir: string) => Promise<void>, env: () => Record<string, string> = () => ({})) {
  let server: (ServerProcess & { ready: Promise<void> }) | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), `e2e-${name}-`));
  beforeAll(async () => {
    await prepare?.(dataDir);
    server = spawnServer({ ...env(), DATA_DIR: dataDir });
    await server.ready;
  });
  afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { url: () => server!.url, server: () => server! };
}

/**
 * A server of the test file's own whose database has the owner's admin account (as `npm run
 * admin:create` makes it) and whatever `seed` adds; `env` adds settings, read when the server starts.
 */
export function useAdminServer(name: string, seed?: (services: AppServices) => Promise<void>, env?: () => Record<string, string>) {
  const { url } = useOwnServer(name, async (dataDir) => {
    const services = await openServices(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), createLogger("silent"));
    try {
      await createOrPromoteAdmin(services, { email: ADMIN_EMAIL, password: PASSWORD }, { userId: null, ip: "e2e", userAgent: null }, services.now());
      await seed?.(services);
    } finally {
      services.mailer.close();
      services.newsletterMailer.close();
      await services.db.destroy();
    }
  }, env);

  /** A fresh browser context signed in as the owner with admin access verified, showing `pathname`. */
  async function adminPage(browser: Browser, pathname: string, { width = 1280, acceptDownloads = false } = {}): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads })).newPage();
    await page.goto(`${url()}/sign-in`);
    await waitForHydration(page);
    await page.locator("main").getByLabel("Email address", { exact: true }).fill(ADMIN_EMAIL);
    await page.locator("main").getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.locator("main").getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/account/);
    await page.goto(`${url()}/admin`);
    await page.getByRole("button", { name: "Verify Admin Access" }).click();
    await page.getByRole("link", { name: "Subscribers" }).waitFor();
    if (pathname !== "/admin") {
      await page.goto(url() + pathname);
      await waitForHydration(page);
    }
    return page;
  }
  return { url, adminPage };
}
