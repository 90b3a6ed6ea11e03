import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldRequests, step, useBrowser } from "../support/e2e";
import { useOwnServer } from "../support/e2e-admin";
import { watchErrors } from "../support/browser";
import { printed, spawnServer, type ServerProcess } from "../support/server-process";

const { browser, open: openUrl } = useBrowser();
// A server of this file's own with no admin yet: the owner is made from the one-time setup link it prints.
const own = useOwnServer("admin");
const PASSWORD = "the owner's long passphrase";
let baseUrl = "";
let setupPath = "";
beforeAll(async () => {
  baseUrl = own.url();
  // The link names the configured APP_URL; its path is opened on this server.
  setupPath = (await printed(own.server(), /https?:\/\/\S+\/setup\?token=\S+/))[0].replace(/^https?:\/\/[^/]+/, "");
});
const open = (pathname: string, options?: Parameters<typeof openUrl>[1]) => openUrl(baseUrl + pathname, options);

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title }).first().waitFor();

async function signIn(): Promise<Page> {
  const page = await open("/sign-in");
  await page.locator("main").getByLabel("Email address", { exact: true }).fill("owner@example.org");
  await page.locator("main").getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.locator("main").getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/account/);
  return page;
}

describe("the owner's admin area in the browser", () => {
  let readOnly: (ServerProcess & { ready: Promise<void> }) | undefined;
  afterAll(async () => {
    readOnly?.child.kill("SIGTERM");
    await readOnly?.exited;
  });

  it("creates the owner from the printed setup link, verifies admin access and logs out of admin mode", async () => {
    const page = await open(setupPath, { width: 390, height: 844 });
    const errors = watchErrors(page);
    await step("creates the owner's account on the setup page", async () => {
      const main = page.locator("main");
      await main.getByLabel("Your name", { exact: true }).fill("Owner");
      await main.getByLabel("Email address", { exact: true }).fill("owner@example.org");
      await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Create the admin account" }).click();
      await page.waitForURL(`${baseUrl}/admin`);
    });

    await step("verifies admin access, seeing 'Verifying admin access...' meanwhile", async () => {
      await page.getByRole("heading", { name: "Verify admin access" }).waitFor();
      const posts = await heldRequests(page, "**/*", "POST");
      await page.getByRole("button", { name: "Verify Admin Access" }).click();
      await page.getByRole("status").filter({ hasText: "Verifying admin access..." }).waitFor();
      posts.release();
      await toast(page, "Admin Access Granted");
      await page.getByRole("heading", { name: "Audit log" }).waitFor();
    });

    await step("logs out of admin mode", async () => {
      await page.getByRole("button", { name: "Logout Admin" }).click();
      await toast(page, "Admin Session Ended");
      await page.getByRole("heading", { name: "Verify admin access" }).waitFor();
    });

    await step("opens the setup link a second time and is told it was used", async () => {
      await page.goto(baseUrl + setupPath);
      await page.getByText("This setup link has already been used").waitFor();
    });
    expect(errors.filter((error) => !/status of 410/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("verifies and ends admin mode from the Admin Access dialog on the shop page", async () => {
    const page = await signIn();
    const errors = watchErrors(page);
    const dialog = page.getByRole("dialog", { name: "Admin Access" });
    await step("opens the Admin Access dialog on the shop page", async () => {
      await page.goto(`${baseUrl}/shop`);
      await page.locator("main").getByRole("button", { name: "Admin Access" }).click();
      await dialog.getByText("Signed in as owner@example.org.").waitFor();
    });
    await step("verifies admin access in the dialog, seeing 'Verifying...' meanwhile", async () => {
      const posts = await heldRequests(page, "**/*", "POST");
      await dialog.getByRole("button", { name: "Verify Admin Access" }).click();
      await dialog.getByRole("button", { name: "Verifying..." }).waitFor();
      posts.release();
      await toast(page, "Admin Access Granted");
    });
    await step("logs out of admin mode and closes the dialog with Escape", async () => {
      await dialog.getByRole("button", { name: "Logout Admin" }).click();
      await toast(page, "Admin Session Ended");
      await dialog.getByRole("button", { name: "Verify Admin Access" }).waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("signs the owner out of every device from the account page", async () => {
    const laptop = await signIn();
    const phone = await signIn();
    await step("presses 'Sign out of all devices' on the laptop", async () => {
      await laptop.reload();
      expect(await laptop.getByText("This device").count()).toBe(1);
      await laptop.getByRole("button", { name: "Sign out of all devices" }).click();
      await laptop.waitForURL(`${baseUrl}/`);
    });
    await step("finds both the laptop and the phone signed out", async () => {
      for (const page of [laptop, phone]) {
        await page.goto(`${baseUrl}/account`);
        await page.waitForURL(/\/sign-in/);
      }
    });
    await laptop.context().close();
    await phone.context().close();
  });

  it("tells a visitor who is not signed in to sign in first, from the footer and on /admin", async () => {
    const page = await open("/about");
    await step("asks for admin access from the footer's dialog", async () => {
      await page.locator("footer").getByRole("button", { name: "Admin Access" }).click();
      const dialog = page.getByRole("dialog", { name: "Admin Access" });
      await dialog.getByRole("button", { name: "Verify Admin Access" }).click();
      await toast(page, "Authentication Required");
      await dialog.getByRole("link", { name: "Sign in" }).waitFor();
    });
    await step("opens /admin", async () => {
      await page.goto(`${baseUrl}/admin`);
      await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
    });
    await page.context().close();
  });

  it("shows the neutral 'backend unavailable' state on a read-only deployment", async () => {
    readOnly = spawnServer({ ADMIN_ENABLED: "false" });
    await readOnly.ready;
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${readOnly.url}/admin`);
    await page.getByText("Admin access requires the site's backend").waitFor();
    expect(await page.getByRole("button", { name: "Admin Access" }).count()).toBe(0);
    await context.close();
  });
});
