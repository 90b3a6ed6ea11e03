import { describe, expect, inject, it } from "vitest";
import { linkIn, mailsArriving } from "../support/http-session";
import { step, useBrowser } from "../support/e2e";
import { watchErrors } from "../support/browser";

const { baseUrl, open } = useBrowser();
const dataDir = inject("dataDir");

describe("accounts in the browser", () => {
  it("signs up, confirms by the mailed link, sees 'Access Denied' on /admin, and signs out", async () => {
    const page = await open("/sign-up", { width: 390, height: 844 });
    const errors = watchErrors(page);
    const email = `reader-${Date.now()}@example.org`;
    const form = page.locator("main");
    await step("signs up, after being told the first password is too short", async () => {
      await form.getByLabel("Your name", { exact: true }).fill("Kwame");
      await form.getByLabel("Email address", { exact: true }).fill(email);
      await form.getByLabel("Password", { exact: true }).fill("short");
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByText("Use at least 10 characters.").waitFor();
      await form.getByLabel("Password", { exact: true }).fill("a long enough passphrase");
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByRole("status").filter({ hasText: email }).waitFor();
    });

    await step("confirms the address by the mailed link, opened twice before the press", async () => {
      // The mail leaves through the outbox worker, a moment after the answer.
      const [mail] = await mailsArriving(dataDir, (text) => text.includes(email));
      expect(mail).toBeDefined();
      const link = linkIn(mail!, "/verify-email").replace(/^https?:\/\/[^/]+/, baseUrl);
      // Opened twice before the press (a mail scanner, then the reader): the link still works.
      await page.goto(link);
      await page.goto(link);
      await page.getByRole("heading", { name: "Confirm your email" }).waitFor();
      await page.getByRole("button", { name: "Confirm my email address" }).click();
      await page.waitForURL(`${baseUrl}/account?verified=1`);
      await page.getByText("Your email address is confirmed.").waitFor();
    });

    await step("opens /admin as a reader and is denied", async () => {
      await page.goto(`${baseUrl}/admin`);
      await page.getByRole("heading", { name: "Access Denied" }).waitFor();
      expect(await page.locator("main").textContent()).toContain(email);
    });

    await step("signs out, after which /admin asks to sign in", async () => {
      await page.goto(`${baseUrl}/account`);
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.goto(`${baseUrl}/admin`);
      await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
    });
    expect(errors.filter((error) => !/status of 40[013]/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("signs in by a mailed link only when the button is pressed, without JavaScript too", async () => {
    const email = `link-${Date.now()}@example.org`;
    await step("signs up and confirms the address", async () => {
      const signUp = await open("/sign-up");
      const form = signUp.locator("main");
      await form.getByLabel("Your name", { exact: true }).fill("Abena");
      await form.getByLabel("Email address", { exact: true }).fill(email);
      await form.getByLabel("Password", { exact: true }).fill("a long enough passphrase");
      await signUp.getByRole("button", { name: "Create account" }).click();
      await signUp.getByRole("status").filter({ hasText: email }).waitFor();
      await signUp.goto(linkIn(await mailWith(email, "/verify-email"), "/verify-email").replace(/^https?:\/\/[^/]+/, baseUrl));
      await signUp.getByRole("button", { name: "Confirm my email address" }).click();
      await signUp.waitForURL(`${baseUrl}/account?verified=1`);
      await signUp.context().close();
    });

    const link = await step("asks for a sign-in link by mail", async () => {
      const request = await open("/sign-in-link");
      await request.locator("main").getByLabel("Email address", { exact: true }).fill(email);
      await request.getByRole("button", { name: "Email me a link" }).click();
      await request.getByRole("status").filter({ hasText: email }).waitFor();
      await request.context().close();
      return linkIn(await mailWith(email, "/sign-in-link/verify"), "/sign-in-link/verify").replace(/^https?:\/\/[^/]+/, "");
    });

    await step("a mail scanner opens the link without pressing its button", async () => {
      const scanner = await open(link, { javaScriptEnabled: false });
      await scanner.getByRole("heading", { name: "Sign in to Diaspora Policy" }).waitFor();
      await scanner.context().close();
    });

    await step("the reader opens the link without JavaScript and presses 'Sign in'", async () => {
      const reader = await open(link, { javaScriptEnabled: false });
      await reader.getByRole("heading", { name: "Sign in to Diaspora Policy" }).waitFor();
      await reader.getByRole("button", { name: "Sign in", exact: true }).click();
      await reader.waitForURL(`${baseUrl}/account`);
      expect(await reader.locator("main").textContent()).toContain(email);
      await reader.context().close();
    });
  });
});

/** The newest mail to an address holding a link to `pathname`, waiting for it to be written. */
async function mailWith(email: string, pathname: string): Promise<string> {
  return (await mailsArriving(dataDir, (text) => text.includes(email) && text.includes(`${pathname}?token=`))).at(-1)!;
}
