import AxeBuilder from "@axe-core/playwright";
import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { waitForHydration, watchErrors } from "../support/browser";
import { step, useBrowser } from "../support/e2e";
import { ADMIN_EMAIL, useAdminServer } from "../support/e2e-admin";
import { insertSubscriber } from "../support/outbox-fixtures";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

// The owner sends an article as a newsletter issue in Chromium, on a server of its own whose mail goes to a
// local SMTP sink: from the editor's "Send as newsletter" to the issue page (counts per language, texts,
// preview, a test, a schedule), "Send now" with the figures filling in live, the mails in the sink, the
// issues list and the dashboard card; with the keyboard only, axe, at 390 px and in Spanish.
const { browser } = useBrowser();
let smtp: TestSmtpServer;
// Started before the server (hooks run in the order they are declared), which reads SMTP_URL when it starts.
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

const ARTICLE = "Building the Bridge: What the African Continental Free Trade Area Means for the Diaspora";
const confirmed = { is_verified: 1, confirmed_at: "2026-01-01T00:00:00.000Z" };
/** Who gets the issue: two in Spanish, one in French, two in English; the unconfirmed one does not. */
const SUBSCRIBERS = [
  { email: "ana@example.org", language: "es" },
  { email: "lucia@example.org", language: "es" },
  { email: "amie@example.org", language: "fr" },
  { email: "kofi@example.org", language: "en" },
  { email: "ama@example.org", language: "en" },
];
const { url, adminPage } = useAdminServer(
  "newsletter-issues",
  async (services) => {
    for (const subscriber of SUBSCRIBERS) await insertSubscriber(services.db, { ...subscriber, ...confirmed });
    await insertSubscriber(services.db, { email: "unconfirmed@example.org", language: "en", is_verified: 0 });
  },
  // Twenty mails a minute on one connection: the five mails take about twelve seconds, long enough to watch.
  () => ({ SMTP_URL: smtp.url, NEWSLETTER_BOUNCE_ADDRESS: "bounces@bounces.test", NEWSLETTER_MAILS_PER_MINUTE: "20", NEWSLETTER_SMTP_CONNECTIONS: "1" }),
);

const en = locales.en.dashboard.issues;
const es = locales.es.dashboard.issues;
const main = (page: Page) => page.locator("main");
/**
 * The page's axe violations, the shared toaster aside. The mail previews are sandboxed frames in which no
 * script may run, axe's included (injecting it there never returns): they are emptied first (an empty
 * frame of the page's own), and their markup, the mail's, is checked by fetching it.
 */
const violations = async (page: Page) => {
  await page.evaluate(() =>
    document.querySelectorAll("iframe").forEach((frame) => {
      frame.removeAttribute("sandbox");
      frame.src = "about:blank";
    }),
  );
  return (await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
};
const status = (page: Page) => main(page).locator("[data-issue-status]").first().innerText();
const figure = (page: Page, name: string) => main(page).locator(`[data-figure="${name}"]`).innerText();
const newsletterMails = () => smtp.received.filter((raw) => raw.includes("X-Newsletter-Delivery"));
/** From the editor of the sample article, "Send as newsletter": the new issue's page, hydrated. */
async function issueFromEditor(page: Page): Promise<string> {
  await page.goto(`${url()}/admin/articles`);
  await main(page).getByRole("link", { name: ARTICLE }).click();
  await page.getByRole("heading", { name: "Edit an article", level: 1 }).waitFor();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Send as newsletter" }).click();
  await page.waitForURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
  await waitForHydration(page);
  return new URL(page.url()).pathname;
}

/**
 * Tabs through the whole page from its start and returns what took the focus in `main`: each control's
 * index among `main`'s controls, and those whose focus showed no ring. Inside a preview frame the focus moves
 * through the mail's links, which the frame itself stands for.
 */
async function tabThrough(page: Page): Promise<{ controls: string[]; reached: Set<number>; unringed: string[] }> {
  const controls = await page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement>("main :is(a[href], button, input:not([type=hidden]), select, textarea, summary, iframe)")];
    return all
      .filter((element) => !(element as HTMLButtonElement).disabled && element.checkVisibility())
      .map((element, index) => {
        element.dataset.control = String(index);
        return `${element.tagName.toLowerCase()} ${element.getAttribute("name") ?? element.getAttribute("title") ?? element.textContent?.trim().slice(0, 40)}`;
      });
  });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => window.scrollTo(0, 0));
  const reached = new Set<number>();
  const unringed: string[] = [];
  let leftMain = false;
  for (let presses = 0; presses < 600; presses += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const inMain = Boolean(element.closest("main"));
      const style = getComputedStyle(element);
      // A date field's calendar button is focused inside the field: the field shows the ring for it.
      const ringed = element.tagName === "IFRAME" || (element.matches(":focus-visible, :focus-within") && style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2);
      return { inMain, index: element.dataset.control ?? null, ringed, name: `${element.tagName.toLowerCase()} ${element.getAttribute("name") ?? element.textContent?.trim().slice(0, 40)}` };
    });
    if (!focused) continue;
    if (!focused.inMain) {
      if (reached.size > 0) leftMain = true;
      if (leftMain && reached.size >= controls.length) break;
      continue;
    }
    if (focused.index !== null) reached.add(Number(focused.index));
    if (!focused.ringed && !unringed.includes(focused.name)) unringed.push(focused.name);
  }
  return { controls, reached, unringed };
}

describe("newsletter issues in the browser", () => {
  it("sends an article from the editor to every confirmed subscriber, with live figures, by keyboard too", async () => {
    const page = await adminPage(browser(), "/admin");
    const errors = watchErrors(page);
    let issuePath = "";

    await step("opens the article in the editor, sends it as a newsletter and sees who will get which language", async () => {
      issuePath = await issueFromEditor(page);
      await main(page).getByRole("heading", { name: `Issue: ${ARTICLE}` }).waitFor();
      expect(await status(page)).toBe("Draft");
      expect(await main(page).locator('[data-count="es"]').innerText()).toBe("2 in Español");
      expect(await main(page).locator('[data-count="fr"]').innerText()).toBe("1 in Français");
      expect(await main(page).locator('[data-count="en"]').innerText()).toBe("2 in English");
      expect(await main(page).locator('[data-count="all"]').innerText()).toBe("5 in all");
    });

    await step("changes the Spanish subject, saves, and sees the preview of the mail", async () => {
      await main(page).getByLabel("Subject (Español)").fill("Redes comerciales: el número");
      await main(page).getByRole("button", { name: en.issue.save, exact: true }).click();
      await expect.poll(() => main(page).getByText(en.issue.done.saved).isVisible()).toBe(true);
      expect(await main(page).getByLabel("Subject (Español)").inputValue()).toBe("Redes comerciales: el número");
      // One language's preview is open at a time: the first, then the one the owner opens.
      const frame = main(page).locator('iframe[title="The mail in Español"]');
      expect(await frame.isVisible()).toBe(false);
      await main(page).getByText("The mail in Español", { exact: true }).click();
      await frame.scrollIntoViewIfNeeded();
      expect(await frame.isVisible()).toBe(true);
      expect((await frame.boundingBox())!.height).toBeGreaterThan(300);
      const src = await frame.getAttribute("src");
      expect(src).toMatch(/\/preview\?language=es$/);
      const preview = await page.request.get(new URL(src!, url()).href);
      expect(preview.status()).toBe(200);
      const html = await preview.text();
      expect(html).toContain('lang="es"');
      expect(html).toContain("Tender puentes");
      // The preheader starts as the Spanish summary, cut to the form's 200 characters.
      expect(html).toContain("La AfCFTA está reescribiendo");
    });

    await step("reaches every control of the issue page with Tab, each showing its focus ring", async () => {
      await page.goto(url() + issuePath);
      await waitForHydration(page);
      const { controls, reached, unringed } = await tabThrough(page);
      const missed = controls.filter((_, index) => !reached.has(index) && !controls[index]!.startsWith("iframe"));
      expect(missed).toEqual([]);
      expect(unringed).toEqual([]);
    });

    await step("works the page with Enter and Space only: an audience box, a test mail, a schedule", async () => {
      const spanish = main(page).getByRole("group", { name: en.issue.languages }).getByLabel("Español");
      // No language ticked means every language: Space ticks Spanish, and again unticks it.
      await spanish.focus();
      await page.keyboard.press("Space");
      expect(await spanish.isChecked()).toBe(true);
      await page.keyboard.press("Space");
      expect(await spanish.isChecked()).toBe(false);

      const french = main(page).locator("details", { hasText: "The mail in Français" });
      await french.locator("summary").focus();
      await page.keyboard.press("Enter");
      expect(await french.getAttribute("open")).not.toBeNull();
      expect(await french.locator("iframe").isVisible()).toBe(true);

      const testLanguage = main(page).getByLabel(en.issue.testLanguage);
      await testLanguage.focus();
      await page.keyboard.press("ArrowDown");
      expect(await testLanguage.inputValue()).not.toBe("en");
      await main(page).getByRole("button", { name: `Send a test to ${ADMIN_EMAIL}` }).focus();
      await page.keyboard.press("Space");
      await expect.poll(() => main(page).getByText(`Test mail queued to ${ADMIN_EMAIL}.`).isVisible()).toBe(true);
      // The test went out in the language chosen with the arrow key.
      await expect.poll(async () => (await Promise.all(smtp.received.map((raw) => simpleParser(raw)))).map((mail) => mail.subject).filter((subject) => subject?.startsWith("[TEST]"))).toEqual(["[TEST] Redes comerciales: el número"]);

      await main(page).getByLabel(en.issue.schedule, { exact: true }).fill("2099-06-01T09:30");
      await main(page).getByRole("button", { name: en.issue.scheduleButton, exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => main(page).getByText(en.issue.done.scheduled).isVisible()).toBe(true);
      // The notice may show a moment before the page's data read again after the form.
      await expect.poll(() => status(page)).toBe("Scheduled");
      await main(page).getByText(/Sends .*2099/).waitFor();
      expect(newsletterMails()).toEqual([]);
    });

    await step("passes axe on the issue page before sending", async () => {
      expect(await violations(page)).toEqual([]);
    });

    await step("sends it now and watches the status and figures change without reloading", async () => {
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await main(page).getByRole("button", { name: en.issue.sendNow, exact: true }).click();
      await expect.poll(() => main(page).getByText(en.issue.done.sending).isVisible()).toBe(true);
      // The page reads its figures again every 3 s while sending: it goes from some sent to all sent by itself.
      const seen: Array<{ status: string; sent: string }> = [];
      await expect
        .poll(async () => {
          const now = { status: await status(page), sent: (await main(page).locator('[data-figure="all-sent"]').count()) ? await figure(page, "all-sent") : "" };
          if (JSON.stringify(seen.at(-1)) !== JSON.stringify(now)) seen.push(now);
          return now.status === "Sent" && now.sent === "5";
        }, { interval: 250 })
        .toBe(true);
      expect(seen.some((moment) => moment.status === "Sending" && moment.sent !== "" && Number(moment.sent) < 5), JSON.stringify(seen)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await figure(page, "es-sent")).toBe("2");
      expect(await figure(page, "fr-sent")).toBe("1");
      expect(await figure(page, "en-sent")).toBe("2");
      expect(await figure(page, "all-queued")).toBe("0");
      // Nothing to change any more: the texts' form is gone.
      expect(await main(page).getByRole("button", { name: en.issue.sendNow }).count()).toBe(0);
    });

    await step("the SMTP sink got one mail per confirmed subscriber, the Spanish ones with the new subject", async () => {
      const mails = await Promise.all(newsletterMails().map((raw) => simpleParser(raw)));
      const to = (mail: (typeof mails)[number]) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)!.text;
      expect(mails.map(to).sort()).toEqual(SUBSCRIBERS.map(({ email }) => email).sort());
      for (const mail of mails) {
        const spanish = ["ana@example.org", "lucia@example.org"].includes(to(mail));
        if (spanish) expect(mail.subject).toBe("Redes comerciales: el número");
        else expect(mail.subject).not.toBe("Redes comerciales: el número");
      }
    });

    await step("passes axe on the sent issue page", async () => {
      expect(await violations(page)).toEqual([]);
    });

    await step("lists the issue, sent, among the issues, which pass axe", async () => {
      await main(page).getByRole("link", { name: en.issue.back }).click();
      await page.getByRole("heading", { name: en.title, level: 1 }).waitFor();
      const item = main(page).getByRole("list", { name: en.list.label }).getByRole("listitem").filter({ hasText: ARTICLE });
      expect(await item.innerText()).toContain("5 of 5 sent");
      expect(await item.locator("[data-issue-status]").innerText()).toBe("Sent");
      expect(await violations(page)).toEqual([]);
    });

    await step("shows the issue on the dashboard card", async () => {
      await page.goto(`${url()}/admin`);
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: locales.en.dashboard.cards.issues.title }) });
      await card.getByText(locales.en.dashboard.cards.issues.recent).waitFor();
      expect(await card.innerText()).toContain(`${ARTICLE} · Sent · 5 of 5 sent`);
    });
    expect(errors).toEqual([]);
  });

  it("fits a phone at 390 px: the issue page, its figures in their own scrolling box, and the list", async () => {
    const page = await adminPage(browser(), "/admin", { width: 390 });
    const errors = watchErrors(page);
    const pageWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth);
    await issueFromEditor(page);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    // The preview frame leaves room for the page around it on a phone.
    const frame = await main(page).locator('iframe[title="The mail in English"]').boundingBox();
    expect(frame!.width).toBeLessThanOrEqual(390);
    expect(frame!.height).toBeLessThanOrEqual(900 * 0.8);

    // Scheduled, then cancelled: the figures table shows, wider than the phone, scrolling in its own box.
    await main(page).getByLabel(en.issue.schedule, { exact: true }).fill("2099-06-01T09:30");
    await main(page).getByRole("button", { name: en.issue.scheduleButton, exact: true }).click();
    await expect.poll(() => main(page).getByText(en.issue.done.scheduled).isVisible()).toBe(true);
    await main(page).getByRole("button", { name: en.issue.cancel }).click();
    await expect.poll(() => main(page).getByText(en.issue.done.cancelled).isVisible()).toBe(true);
    await expect.poll(() => status(page)).toBe("Cancelled");
    const table = main(page).locator("table");
    const box = await table.evaluate((element) => {
      const scroller = element.parentElement!;
      return { overflowX: getComputedStyle(scroller).overflowX, scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth, right: scroller.getBoundingClientRect().right };
    });
    expect(box.overflowX).toBe("auto");
    expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
    expect(box.right).toBeLessThanOrEqual(390);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    // The box takes the focus, so the keyboard scrolls it too.
    const figures = main(page).getByRole("region", { name: en.issue.figures });
    await figures.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => figures.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);

    await page.goto(`${url()}/admin/newsletter`);
    await waitForHydration(page);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    expect(await main(page).getByRole("link", { name: ARTICLE }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it("speaks Spanish at /es/admin/newsletter/:id", async () => {
    const page = await adminPage(browser(), "/admin");
    const errors = watchErrors(page);
    const path = await issueFromEditor(page);
    await page.goto(`${url()}/es${path}`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: es.title, level: 1 }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await main(page).getByRole("heading", { name: `Edición: ${ARTICLE}` }).waitFor();
    expect(await status(page)).toBe(es.status.draft);
    await main(page).getByRole("heading", { name: es.issue.preview }).waitFor();
    await main(page).getByRole("group", { name: es.issue.audience }).waitFor();
    expect(await main(page).locator('[data-count="all"]').innerText()).toBe("5 en total");
    for (const text of [es.issue.save, es.issue.sendNow, es.issue.scheduleButton]) expect(await main(page).getByRole("button", { name: text, exact: true }).count()).toBe(1);
    expect(await main(page).getByRole("link", { name: es.issue.back }).getAttribute("href")).toBe("/es/admin/newsletter");
    for (const language of ["English", "Español", "Português", "Français"]) await main(page).getByLabel(`Texto de vista previa (${language})`).fill("Lo que cambia la zona de libre comercio");
    await main(page).getByRole("button", { name: es.issue.save, exact: true }).click();
    await expect.poll(() => main(page).getByText(es.issue.done.saved).isVisible()).toBe(true);
    expect(page.url()).toContain(`/es${path}`);
    expect(errors).toEqual([]);
  });
});
