import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForHydration, watchErrors } from "../support/browser";
import { heldRequests, signal, step, useBrowser } from "../support/e2e";
import { useAdminServer } from "../support/e2e-admin";
import { chimeWav } from "~/modules/podcast/wav";
import { mp3Bytes, pngBytes } from "../support/tus";

// Episode management as the owner does it in Chromium, on a server of its own with an admin account:
// the refusal for visitors, every validation message, an upload with a progress bar that survives a
// dropped connection, edit and delete.
const { browser, baseUrl } = useBrowser();
const { adminPage } = useAdminServer("podcast-manage");
const adminOnPodcast = (width = 1280) => adminPage(browser(), "/podcast", { width });

const dialog = (page: Page) => page.getByRole("dialog");
const firstCardTitle = (page: Page) => page.locator("section[aria-labelledby=all-title] ul li h3").first().innerText();
const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

/** Drops files on the dialog's drop zone as a file manager would. */
async function dropFiles(page: Page, files: Array<{ name: string; type: string; size: number }>): Promise<void> {
  await page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const entry of list) transfer.items.add(new File([new Uint8Array(entry.size)], entry.name, { type: entry.type }));
    const zone = document.querySelector("[role=dialog] .border-dashed")!;
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

describe("episode management in the browser", () => {
  it("shows 'Upload Episode' to visitors and sends them to Admin Access instead of the upload form", async () => {
    const page = await (await browser().newContext()).newPage();
    await page.goto(`${baseUrl}/podcast`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Upload Episode" }).click();
    await expect.poll(() => dialog(page).getByRole("alert").innerText()).toContain("Admin access is required to upload episodes");
    await expect.poll(() => dialog(page).getByRole("link", { name: "Sign in" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Title").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Edit / }).count()).toBe(0);
    await page.context().close();
  });

  it("checks every field and file in the dialog, with its messages", async () => {
    const page = await adminOnPodcast();
    const errors = watchErrors(page);
    await page.getByRole("button", { name: "Upload Episode" }).click();
    const submit = dialog(page).getByRole("button", { name: "Upload", exact: true });
    expect(await submit.isDisabled()).toBe(true);

    const input = dialog(page).getByLabel("Audio file", { exact: true });
    await step("refuses a picture, two files and an empty file, and ignores the system's junk files", async () => {
      await input.setInputFiles(file("cover.png", "image/png", pngBytes()));
      await expect.poll(() => dialog(page).getByText("File type must be .mp3, .wav, .m4a").isVisible()).toBe(true);
      await dropFiles(page, [{ name: "a.mp3", type: "audio/mpeg", size: 10 }, { name: "b.mp3", type: "audio/mpeg", size: 10 }]);
      await expect.poll(() => dialog(page).getByText("Too many files").isVisible()).toBe(true);
      await dropFiles(page, [{ name: "empty.mp3", type: "audio/mpeg", size: 0 }]);
      await expect.poll(() => dialog(page).getByText("File is smaller than 1 bytes").isVisible()).toBe(true);
      // Junk files of the operating system are ignored, not refused.
      await dropFiles(page, [{ name: ".DS_Store", type: "", size: 10 }, { name: "talk.mp3", type: "audio/mpeg", size: 2048 }]);
      await expect.poll(() => dialog(page).getByText(/Selected: talk\.mp3/).isVisible()).toBe(true);
      expect(await submit.isEnabled()).toBe(true);
    });

    await step("removes the file, then sends without a title or description and with a title too long", async () => {
      await dialog(page).getByRole("button", { name: "Remove file" }).click();
      await expect.poll(() => dialog(page).getByText("Please select an audio file").isVisible()).toBe(true);
      await input.setInputFiles(file("talk.mp3", "audio/mpeg", mp3Bytes(3)));
      await submit.click();
      expect(await dialog(page).getByText("Title is required").isVisible()).toBe(true);
      expect(await dialog(page).getByText("Description is required").isVisible()).toBe(true);
      // Typing in a field takes its message away at once; the other field keeps its own.
      await dialog(page).getByLabel("Title").fill("A title");
      await expect.poll(() => dialog(page).getByText("Title is required").count()).toBe(0);
      expect(await dialog(page).getByText("Description is required").isVisible()).toBe(true);
      await dialog(page).getByLabel("Title").fill("x".repeat(201));
      await dialog(page).getByLabel("Description").fill("Notes");
      await submit.click();
      expect(await dialog(page).getByText("Title must be at most 200 characters").isVisible()).toBe(true);
    });

    await step("refuses a dangerous name as soon as the file is chosen, before Upload", async () => {
      await input.setInputFiles(file("talk.exe.mp3", "audio/mpeg", mp3Bytes(3)));
      await expect.poll(() => dialog(page).getByText("File type not allowed for security reasons").isVisible()).toBe(true);
      expect(await dialog(page).getByText(/Selected: talk\.exe\.mp3/).count()).toBe(0);
      expect(await submit.isDisabled()).toBe(true);
    });

    await step("sends a picture named .mp3, which the server refuses", async () => {
      // A PNG named .mp3 passes the browser's check; the server reads its bytes and refuses it.
      await dialog(page).getByLabel("Title").fill("Not Audio");
      await input.setInputFiles(file("sneaky.mp3", "audio/mpeg", pngBytes()));
      await submit.click();
      await expect.poll(() => dialog(page).getByText("File type must be MP3, WAV or M4A").isVisible()).toBe(true);
      await expect.poll(() => page.getByText("Failed to upload episode").isVisible()).toBe(true);
    });

    await step("cancels, and no episode was added", async () => {
      await dialog(page).getByRole("button", { name: "Cancel" }).click();
      expect(await dialog(page).count()).toBe(0);
      expect(await firstCardTitle(page)).not.toBe("Not Audio");
    });
    expect(errors.filter((error) => !/status of 415/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("refuses a WAV with a dangerous name when chosen, and publishes a WAV as the MP3 podcast apps take", async () => {
    const page = await adminOnPodcast(390);
    const wav = chimeWav({ seconds: 2, notes: [440, 660], sampleRate: 44_100 });
    const choose = async (name: string) => {
      await page.getByRole("button", { name: "Upload Episode" }).click();
      await dialog(page).getByLabel("Title").fill("Chime Interview");
      await dialog(page).getByLabel("Description").fill("Two seconds of chimes.");
      await dialog(page).getByLabel("Audio file", { exact: true }).setInputFiles(file(name, "audio/wav", wav));
    };
    await step("tone.exe.wav is refused with the security message as soon as it is chosen", async () => {
      await choose("tone.exe.wav");
      await expect.poll(() => dialog(page).getByText("File type not allowed for security reasons").isVisible()).toBe(true);
      expect(await dialog(page).getByRole("button", { name: "Upload", exact: true }).isDisabled()).toBe(true);
      await dialog(page).getByRole("button", { name: "Cancel" }).click();
    });
    await step("interview.wav is published, and the feed's enclosure is an MP3", async () => {
      await choose("interview.wav");
      await dialog(page).getByRole("button", { name: "Upload", exact: true }).click();
      await expect.poll(() => page.getByText("Episode uploaded successfully").isVisible()).toBe(true);
      await expect.poll(() => firstCardTitle(page)).toBe("Chime Interview");
      const feed = await (await page.request.get(new URL("/podcast/feed.xml", page.url()).href)).text();
      const item = feed.split("<item>").find((text) => text.includes("<title>Chime Interview</title>"))!;
      expect(item).toMatch(/<enclosure url="[^"]+\.mp3" length="\d+" type="audio\/mpeg"\/>/);
      expect(item).toContain("<itunes:duration>00:00:02</itunes:duration>");
    });
    await page.context().close();
  });

  it("uploads with a progress bar, resumes after a dropped connection, then edits and deletes", async () => {
    const page = await adminOnPodcast();
    const requests: string[] = [];
    const [barSeen, resumeSeen] = [signal(), signal()];
    let droppedAt: number | undefined;
    await page.route("**/admin/uploads/**", async (route) => {
      const request = route.request();
      requests.push(`${request.method()} ${request.headers()["upload-offset"] ?? ""}`);
      // The first piece waits until the test has seen the bar; the second loses its connection once; the one
      // after it waits until the test has seen the page say so.
      const offset = Number(request.headers()["upload-offset"]);
      if (request.method() === "PATCH" && offset === 0) await barSeen.given;
      else if (request.method() === "PATCH" && droppedAt === undefined) {
        droppedAt = offset;
        await route.abort("connectionreset");
        return;
      } else if (request.method() === "PATCH" && offset > droppedAt!) await resumeSeen.given;
      await route.continue();
    });

    await step("uploads a 12 MB episode with a progress bar, resuming after the connection drops", async () => {
      await page.getByRole("button", { name: "Upload Episode" }).click();
      await dialog(page).getByLabel("Title").fill("Reparations and Trade Justice");
      await dialog(page).getByLabel("Description").fill("How trade rules carry the past into the present.");
      await dialog(page).getByLabel("Categories").fill("Pan-Africanism, Diaspora Economics");
      // 12 MB: three pieces of 5 MB.
      await dialog(page).getByLabel("Audio file", { exact: true }).setInputFiles(file("episode.mp3", "audio/mpeg", mp3Bytes(780)));
      await dialog(page).getByRole("button", { name: "Upload", exact: true }).click();
      await expect.poll(() => dialog(page).getByRole("button", { name: "Uploading..." }).isVisible()).toBe(true);
      expect(await dialog(page).getByRole("progressbar", { name: "Upload progress" }).isVisible()).toBe(true);
      barSeen.give();
      await expect.poll(() => dialog(page).getByText("The connection dropped").isVisible()).toBe(true);
      resumeSeen.give();
      await expect.poll(() => page.getByText("Episode uploaded successfully").isVisible()).toBe(true);
      expect(await dialog(page).count()).toBe(0);
      // Resumed: after the drop the client asked the server's offset (HEAD) and sent only the rest.
      const afterDrop = requests.slice(requests.findIndex((entry, index) => index > 0 && entry.startsWith("PATCH") && Number(entry.split(" ")[1]) > 0) + 1);
      expect(afterDrop[0]).toMatch(/^HEAD/);
      expect(afterDrop.filter((entry) => entry === "PATCH 0")).toEqual([]);
      await expect.poll(() => firstCardTitle(page)).toBe("Reparations and Trade Justice");
      expect(await page.locator("section[aria-labelledby=all-title] li").first().innerText()).toContain("13:00");
    });

    await step("edits the episode's title, seeing 'Updating...' meanwhile", async () => {
      await page.getByRole("button", { name: "Edit Reparations and Trade Justice" }).first().click();
      expect(await dialog(page).getByLabel("Categories").inputValue()).toBe("Pan-Africanism, Diaspora Economics");
      await dialog(page).getByLabel("Title").fill("Reparations, Trade and Justice");
      // The save is held back (it still reaches the server) until 'Updating...' has been seen.
      const save = await heldRequests(page, "**/podcast.data*", "POST");
      await dialog(page).getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => dialog(page).getByRole("button", { name: "Updating..." }).isVisible()).toBe(true);
      save.release();
      await expect.poll(() => page.getByText("Episode updated successfully").isVisible()).toBe(true);
      await expect.poll(() => firstCardTitle(page)).toBe("Reparations, Trade and Justice");
    });

    await step("deletes the episode after confirming", async () => {
      await page.getByRole("button", { name: "Delete Reparations, Trade and Justice" }).first().click();
      expect(await page.getByRole("alertdialog").innerText()).toContain("This cannot be undone");
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect.poll(() => page.getByText("Episode deleted").isVisible()).toBe(true);
      await expect.poll(() => firstCardTitle(page)).not.toBe("Reparations, Trade and Justice");
    });
    await page.context().close();
  });
});
