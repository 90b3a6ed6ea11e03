import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForHydration, watchErrors } from "../support/browser";
import { step, useBrowser } from "../support/e2e";
import { useAdminServer } from "../support/e2e-admin";

// The owner adds a transcript and chapters to an episode in the episode dialog, sees bad files
// refused with the line or chapter at fault, then finds both on the episode page: a chapter's time plays the
// episode from there, the transcript opens from the keyboard. Then removes the chapters again.
const { browser } = useBrowser();
const { adminPage } = useAdminServer("episode-transcripts");

const dialog = (page: Page) => page.getByRole("dialog");
const axeViolations = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page }).exclude("[data-sonner-toaster]");
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
};
const textFile = (name: string, mimeType: string, text: string) => ({ name, mimeType, buffer: Buffer.from(text) });
// The sample episode "Legacy of MLK" is 12 seconds long.
const VTT = "WEBVTT\n\n00:00.000 --> 00:05.000\n<v Amara Diallo>Welcome to Diaspora Policy.\n\n00:05.000 --> 00:11.000\nToday: the dream, and the trade rules that test it.\n";
const chapters = (second: string) =>
  JSON.stringify({ version: "1.2.0", chapters: [{ startTime: 0, title: "Welcome" }, { startTime: 6, title: second, url: "https://example.org/dream" }] });

describe("transcripts and chapters in the browser", () => {
  it("adds them in the dialog and shows them on the episode page", async () => {
    const page = await adminPage(browser(), "/podcast");
    const errors = watchErrors(page);

    await step("refuses chapters with a missing title, naming the chapter", async () => {
      await page.getByRole("button", { name: "Edit Legacy of MLK" }).first().click();
      // Read in the browser as soon as it is chosen: a cue past the 12 seconds is named before anything is sent.
      await dialog(page).getByLabel("Transcript (optional)").setInputFiles(textFile("long.vtt", "text/vtt", "WEBVTT\n\n00:00.000 --> 00:30.000\nToo long.\n"));
      await expect.poll(() => dialog(page).getByText("The cue at line 3 of the transcript ends after the episode does.").isVisible()).toBe(true);
      await dialog(page).getByLabel("Transcript (optional)").setInputFiles(textFile("mlk.vtt", "text/vtt", VTT));
      await expect.poll(() => dialog(page).getByText("The cue at line 3 of the transcript ends after the episode does.").count()).toBe(0);
      await dialog(page).getByLabel("Chapters (optional)").setInputFiles(textFile("chapters.json", "application/json", chapters("  ")));
      await dialog(page).getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => dialog(page).getByText("Chapter 2 needs a title.").isVisible()).toBe(true);
    });

    await step("saves once the chapters are fixed", async () => {
      await dialog(page).getByLabel("Chapters (optional)").setInputFiles(textFile("chapters.json", "application/json", chapters("The dream and trade")));
      await dialog(page).getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => page.getByText("Episode updated successfully").isVisible()).toBe(true);
    });

    await step("the episode page lists the chapters; a chapter's time plays the episode from there", async () => {
      await page.goto(page.url().replace(/\/podcast.*$/, "/podcast/legacy-of-mlk"));
      await waitForHydration(page);
      const list = page.getByRole("region", { name: "Chapters" });
      expect(await list.getByRole("listitem").allInnerTexts()).toEqual([expect.stringContaining("Welcome"), expect.stringContaining("The dream and trade")]);
      expect(await list.getByRole("link", { name: "Read more about The dream and trade (opens in a new tab)" }).getAttribute("href")).toBe("https://example.org/dream");
      await list.getByRole("button", { name: "Play from 0:06: The dream and trade" }).click();
      await expect.poll(() => page.locator("audio").evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThanOrEqual(6);
    });

    await step("the transcript opens from the keyboard, with times and the speaker", async () => {
      const transcript = page.getByRole("region", { name: "Transcript" });
      expect(await transcript.getByText("Today: the dream").isVisible()).toBe(false);
      await transcript.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => transcript.getByText("Today: the dream, and the trade rules that test it.").isVisible()).toBe(true);
      expect(await transcript.getByText("Amara Diallo:").isVisible()).toBe(true);
      expect(await transcript.getByRole("button", { name: "Play from 0:05" }).isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    });

    await step("removes the chapters in the dialog; the transcript stays", async () => {
      await page.goto(page.url().replace(/\/legacy-of-mlk$/, ""));
      await waitForHydration(page);
      await page.getByRole("button", { name: "Edit Legacy of MLK" }).first().click();
      await expect.poll(() => dialog(page).getByText("This episode has a WebVTT transcript.").isVisible()).toBe(true);
      expect(await axeViolations(page, "[role=dialog]")).toEqual([]);
      await dialog(page).getByLabel("Remove the chapters").check();
      await dialog(page).getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => page.getByText("Episode updated successfully").isVisible()).toBe(true);
      await page.goto(`${page.url().replace(/\/podcast.*$/, "")}/podcast/legacy-of-mlk`);
      expect(await page.getByRole("region", { name: "Chapters" }).count()).toBe(0);
      expect(await page.getByRole("region", { name: "Transcript" }).count()).toBe(1);
    });
    // The refused chapters answered 422, as they should; nothing else went wrong.
    expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
    await page.context().close();
  });
});
