import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

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

export function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium found: install Debian's chromium or set CHROME_PATH.");
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
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
