import { describe, expect, inject, it } from "vitest";
import { linkIn, mailsArriving } from "../support/http-session";
import { useBrowser } from "../support/e2e";
import { watchErrors } from "../support/browser";

const { baseUrl, open } = useBrowser();
const dataDir = inject("dataDir");

describe("accounts in the browser", () => {
  it("signs up, confirms by the mailed link, sees 'Access Denied' on /admin, and signs out", async () => {
    const page = await open("/sign-up", { width: 390, height: 844 });
    const errors = watchErrors(page);
    const email = `reader-${Date.now()}@example.org`;
    const form = page.locator("main");
    await form.getByLabel("Your name", { exact: true }).fill("Kwame");
    await form.getByLabel("Email address", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Use at least 10 characters.").waitFor();
    await form.getByLabel("Password", { exact: true }).fill("a long enough passphrase");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("status").filter({ hasText: email }).waitFor();

    // The mail leaves through the outbox worker, a moment after the answer.
    const [mail] = await mailsArriving(dataDir, (text) => text.includes(email));
    expect(mail).toBeDefined();
    await page.goto(linkIn(mail!, "/verify-email").replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.waitForURL(`${baseUrl}/account?verified=1`);
    await page.getByText("Your email address is confirmed.").waitFor();

    await page.goto(`${baseUrl}/admin`);
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    expect(await page.locator("main").textContent()).toContain(email);

    await page.goto(`${baseUrl}/account`);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole("heading", { name: "Authentication Required" }).waitFor();
    expect(errors.filter((error) => !/status of 40[013]/.test(error))).toEqual([]);
    await page.context().close();
  });
});
