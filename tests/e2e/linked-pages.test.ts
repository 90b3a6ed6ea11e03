import { describe, expect, it } from "vitest";
import { waitForHydration } from "../support/browser";
import { useBrowser } from "../support/e2e";

const { baseUrl, browser, open } = useBrowser();

describe("upload diagnosis page", () => {
  it("appends console lines, adds 'Diagnostic complete' after 2 s, and says the download is simulated", async () => {
    // The page's clock is the test's: it runs as usual while the page loads, then stands until moved on.
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(baseUrl + "/upload-diagnostics");
    await waitForHydration(page);
    // Paused a minute ahead of the page's time: the clock runs on meanwhile, and may not be paused in its past.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
    const log = page.getByRole("log", { name: "Diagnostic messages" });
    await page.getByRole("button", { name: "Run diagnostic" }).click();
    await log.getByText("Starting diagnostic…").waitFor();
    await page.clock.runFor(1_999);
    expect(await log.textContent()).not.toContain("Diagnostic complete");
    await page.clock.runFor(1);
    await log.getByText("Diagnostic complete").waitFor();
    await page.clock.resume();
    const dialog = new Promise<string>((resolve) => page.once("dialog", (d) => void d.accept().then(() => resolve(d.message()))));
    await page.getByRole("button", { name: "Download report" }).click();
    expect(await dialog).toBe("This is a simulation: no report is generated and nothing is downloaded.");
    await page.getByRole("tab", { name: "Secure Upload" }).click();
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: "Secure Upload" }).waitFor();
    expect(await page.getByRole("tabpanel").textContent()).toContain("PDF");
    await page.context().close();
  });
});

describe("contact page", () => {
  it("sends a message with the topic chosen from 'Ask the Diplomat', after fixing an invalid address", async () => {
    const page = await open("/resources");
    await page.goto(`${baseUrl}/unfiltered-dialogues`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Start a Conversation" }).click();
    await page.waitForURL(`${baseUrl}/contact?topic=ask-the-diplomat`);
    await page.getByLabel("Topic").waitFor();
    expect(await page.getByLabel("Topic").inputValue()).toBe("ask-the-diplomat");
    await page.getByLabel("Your name").fill("Adjoa");
    await page.getByLabel("Your email address").fill("adjoa-at-example");
    await page.getByLabel("Your message").fill("What does the AfCFTA mean for Caribbean exporters?");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Please enter a valid email address.").waitFor();
    expect(await page.getByLabel("Your message").inputValue()).toBe("What does the AfCFTA mean for Caribbean exporters?");
    await page.getByLabel("Your email address").fill("adjoa@example.org");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("status").filter({ hasText: "Thank you! Your message has been sent." }).waitFor();
    await page.context().close();
  });

  it("on a phone, brings the thank-you line into view and says it in a toast", async () => {
    const page = await open("/contact", { width: 390, height: 664 });
    await page.getByLabel("Your name").fill("Adjoa");
    await page.getByLabel("Your email address").fill("adjoa.phone@example.org");
    await page.getByLabel("Your message").fill("A question about the AfCFTA rules of origin.");
    await page.getByRole("button", { name: "Send message" }).click();
    const thanks = page.getByRole("status").filter({ hasText: "Thank you! Your message has been sent." });
    await thanks.waitFor();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Thank you! Your message has been sent." }).first().waitFor();
    await expect.poll(async () => {
      const box = await thanks.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 664;
    }).toBe(true);
    expect(await thanks.evaluate((line) => line === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

// The reading list and glossary the Resources page is meant to show, in order, stated here rather than read from the route.
const READING_LIST = [
  "How Europe Underdeveloped Africa",
  "The Wretched of the Earth (Les Damnés de la Terre)",
  "Black Reconstruction in America",
  "Neo-Colonialism: The Last Stage of Imperialism",
  "Discourse on Colonialism (Discours sur le colonialisme)",
  "The Black Jacobins",
  "Capitalism and Slavery",
];
const GLOSSARY_TERMS = ["AfCFTA", "Rules of origin", "Remittances", "Diaspora bonds", "Global South", "Non-Aligned Movement", "Reparations", "Tariff"];

describe("Discourse Labs and Resources", () => {
  it("link each category to the filtered blog, and list the reading list and glossary", async () => {
    const page = await open("/fr/discourse-labs");
    await page.getByRole("link", { name: /Diplomatie/ }).first().click();
    await page.waitForURL(`${baseUrl}/fr/blog?category=diplomacy`);
    await page.goto(`${baseUrl}/resources`);
    expect(await page.locator("cite").allTextContents()).toEqual(READING_LIST);
    expect(await page.locator("dt").allTextContents()).toEqual(GLOSSARY_TERMS);
    await page.context().close();
  });
});
