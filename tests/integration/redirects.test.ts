import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_COOKIE } from "~/i18n/languages";
import { startTestApp, type TestApp } from "../support/app-server";
import { rawGet } from "../support/raw-request";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/**
 * Paths as a request line carries them (blanks and tabs only encoded: an HTTP request line cannot hold
 * them raw), each a way browsers may read as another site once it is a redirect's Location.
 */
const PATH_VARIANTS = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\\\evil.example",
  "/\\/evil.example",
  "//\\evil.example",
  "/%2F%2Fevil.example",
  "/%2Fevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%09/evil.example",
  "/%20/evil.example",
  "/./\\evil.example",
  "/..//evil.example",
  "/https://evil.example",
  "/http:evil.example",
  "//evil.example?x=1",
];

/** `to` values for /language, as the reader's browser decodes them from the query. */
const TO_VARIANTS = [
  ...PATH_VARIANTS.map((path) => decodeURIComponent(path)),
  "https://evil.example",
  "http:evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/ /evil.example",
  "/es//evil.example",
  "/es/\\evil.example",
  "/es/\t/evil.example",
  "/es/ /evil.example",
  "/es///evil.example",
  "/en//evil.example",
  "/fr/%2F%2Fevil.example",
  "/es/%2Fevil.example",
  "/pt/\\\\evil.example",
];

function expectStaysHome(location: string | undefined, request: string): void {
  if (location === undefined) return;
  const origin = new URL(app.url).origin;
  expect(new URL(location, origin).origin, `${request} → ${location}`).toBe(origin);
}

describe("redirects built from the request", () => {
  it("/en/... goes to the English path on this site, never to another host", async () => {
    for (const variant of PATH_VARIANTS) {
      const path = `/en${variant}`;
      const { location } = await rawGet(app.url, path);
      expectStaysHome(location, path);
    }
    const { status, location } = await rawGet(app.url, "/en//evil.example");
    expect(status).toBe(301);
    expect(location).toBe("/evil.example");
  });

  it("/language?to=… opens the page in the chosen language on this site, or the home page", async () => {
    for (const to of TO_VARIANTS) {
      for (const lang of ["en", "es"]) {
        const path = `/language?lang=${lang}&to=${encodeURIComponent(to)}`;
        const { status, location } = await rawGet(app.url, path);
        expect(status, path).toBe(303);
        expectStaysHome(location, path);
      }
    }
    expect((await rawGet(app.url, `/language?lang=en&to=${encodeURIComponent("/es//evil.example")}`)).location).toBe("/evil.example");
  });

  it("a reader who prefers another language is sent to that language's page on this site", async () => {
    for (const variant of PATH_VARIANTS) {
      for (const headers of [{ cookie: `${LANGUAGE_COOKIE}=fr` }, { "accept-language": "es" }]) {
        const { location } = await rawGet(app.url, variant, headers);
        expectStaysHome(location, `${variant} ${JSON.stringify(headers)}`);
      }
    }
  });
});
