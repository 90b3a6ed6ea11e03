import { describe, expect, inject, it } from "vitest";
import { watchErrors } from "../support/browser";
import { step, useBrowser } from "../support/e2e";
import { linkIn, mailsArriving } from "../support/http-session";
import { freshCode } from "../support/two-factor";

const { baseUrl, open } = useBrowser();
const dataDir = inject("dataDir");
const PASSWORD = "a long enough passphrase";

describe("two-factor authentication in the browser", () => {
  it("signs up, turns on TOTP from the account page, signs out, and signs in with the password and a code", async () => {
    const page = await open("/sign-up");
    const errors = watchErrors(page);
    const email = `totp-${Date.now()}@example.org`;
    const main = page.locator("main");
    await step("signs up and confirms the address by the mailed link", async () => {
      await main.getByLabel("Your name", { exact: true }).fill("Ama");
      await main.getByLabel("Email address", { exact: true }).fill(email);
      await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByRole("status").filter({ hasText: email }).waitFor();
      // The mail leaves through the outbox worker, a moment after the answer.
      const [mail] = await mailsArriving(dataDir, (text) => text.includes(email));
      await page.goto(linkIn(mail!, "/verify-email").replace(/^https?:\/\/[^/]+/, baseUrl));
      await page.getByRole("button", { name: "Confirm my email address" }).click();
      await page.waitForURL(`${baseUrl}/account?verified=1`);
    });

    const used = new Set<string>();
    const secret = await step("turns two-factor on with the password and a code from the app", async () => {
      const section = page.getByRole("region", { name: "Two-factor authentication" });
      await section.getByLabel("Current password").fill(PASSWORD);
      await section.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await section.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
      const key = (await section.getByTestId("two-factor-secret").textContent())!.replace(/\s/g, "");
      await section.getByLabel("Code from the app").fill(await freshCode(key, used));
      await section.getByRole("button", { name: "Confirm and turn on" }).click();
      await expect.poll(() => section.getByRole("list", { name: "Backup codes" }).getByRole("listitem").count()).toBe(10);
      await section.getByText("Two-factor authentication is on").waitFor();
      return key;
    });

    await step("signs out", async () => {
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.waitForURL(`${baseUrl}/`);
    });

    await step("signs in with the password, then a code from the app", async () => {
      await page.goto(`${baseUrl}/sign-in`);
      await main.getByLabel("Email address", { exact: true }).fill(email);
      await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await main.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(`${baseUrl}/two-factor`);
      await main.getByLabel("Code", { exact: true }).fill(await freshCode(secret, used));
      await main.getByRole("button", { name: "Verify", exact: true }).click();
      await page.waitForURL(`${baseUrl}/account`);
      await page.getByText(`Signed in as ${email}`).waitFor();
    });
    expect(errors.filter((error) => !/status of 40[013]/.test(error))).toEqual([]);
    await page.context().close();
  });
});
