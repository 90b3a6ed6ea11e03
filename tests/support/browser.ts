import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import { WAIT_GUARD_MS } from "./waiting";

/** Debian's Chromium, or the one CHROME_PATH names. Test tools cannot download their own browser here. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate))) ?? null;
}

/** Flags that keep Chromium from reaching for the network it does not have. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Chromium, whose start and every page's actions, navigations and waits are given the guard of one wait in
 * place of Playwright's 30 s (tests/support/waiting.ts): a loaded machine may take longer, and is given the time.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium found: install Debian's chromium or set CHROME_PATH.");
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: WAIT_GUARD_MS });
  // browser.newPage() opens its context through newContext() too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(WAIT_GUARD_MS);
    return context;
  };
  return browser;
}

/** Collects console errors and uncaught exceptions of a page, so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * React has attached to the server-rendered page: it listens on the document (its container mark) and has
 * hydrated the body (its fiber mark). The router's route modules alone are not enough: the page's module
 * script sets them before it loads the client entry that calls `hydrateRoot`, and a click in between is lost.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const marked = (node: object | null, prefix: string) => node !== null && Object.keys(node).some((key) => key.startsWith(prefix));
    return Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules) && marked(document, "__reactContainer$") && marked(document.body, "__reactFiber$");
  });
}
