import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { LANGUAGES, type Language } from "../app/i18n/languages";
import { locales } from "../app/i18n/locales";
import { CHROMIUM_ARGS, findChromium } from "../tests/support/browser";

/**
 * `npx tsx scripts/draw-social-cards.ts`: draws the site's default social card (1200 × 630, the size
 * Facebook, LinkedIn and X show large) in each language, with the site's own fonts, into
 * public/images/social/card-<language>.png, and the logo search engines show for the publisher
 * (512 × 512, public/images/social/logo.png). They are committed; run this again after changing the
 * name, the tagline or the design. PNG without alpha: some platforms show transparency as black.
 */
export const CARD = { width: 1200, height: 630 } as const;

/** The wordmark's sign (app/components/layout/logo.tsx) on the page's paper colour. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="-3 -3 40 40"><rect x="-3" y="-3" width="40" height="40" fill="#faf7f0"/><circle cx="17" cy="17" r="16" fill="#12603a"/><path d="M17 4a13 13 0 0 1 0 26" fill="#e0b84a"/><circle cx="17" cy="17" r="5" fill="#17140f"/></svg>`;

// Inlined: a page set from a string may not read local files.
const fontFile = (family: string, file: string) =>
  `data:font/woff2;base64,${readFileSync(path.resolve("node_modules/@fontsource-variable", family, "files", file)).toString("base64")}`;

function cardHtml(language: Language): string {
  const common = locales[language].common;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><style>
@font-face { font-family: Fraunces; src: url(${fontFile("fraunces", "fraunces-latin-wght-normal.woff2")}) format("woff2"); font-weight: 100 900; }
@font-face { font-family: Inter; src: url(${fontFile("inter", "inter-latin-wght-normal.woff2")}) format("woff2"); font-weight: 100 900; }
html, body { margin: 0; width: ${CARD.width}px; height: ${CARD.height}px; }
body { background: #0b3b24; color: #faf7f0; font-family: Inter, sans-serif; display: flex; flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box; position: relative; overflow: hidden; }
.mark { display: flex; align-items: center; gap: 28px; }
h1 { font-family: Fraunces, serif; font-weight: 600; font-size: 92px; letter-spacing: -1px; margin: 0; }
p { font-size: 38px; line-height: 1.3; color: #f1ead9; max-width: 900px; margin: 36px 0 0; }
.arcs { position: absolute; right: -220px; bottom: -250px; opacity: 0.3; }
.stripe { position: absolute; left: 0; right: 0; bottom: 0; height: 18px; background: linear-gradient(90deg, #12603a 0 33%, #e0b84a 33% 66%, #17140f 66%); }
</style></head><body>
<svg class="arcs" width="620" height="620" viewBox="0 0 620 620" aria-hidden="true">${[0, 1, 2, 3, 4]
    .map((ring) => `<circle cx="310" cy="310" r="${110 + ring * 48}" fill="none" stroke="${ring % 2 ? "#e0b84a" : "#177245"}" stroke-width="14"/>`)
    .join("")}</svg>
<div class="mark"><svg width="112" height="112" viewBox="0 0 34 34" aria-hidden="true"><circle cx="17" cy="17" r="16" fill="#12603a" stroke="#faf7f0" stroke-width="0.8"/><path d="M17 4a13 13 0 0 1 0 26" fill="#e0b84a"/><circle cx="17" cy="17" r="5" fill="#17140f"/></svg>
<h1>${common.siteName}</h1></div>
<p>${common.tagline}</p>
<div class="stripe"></div>
</body></html>`;
}

const executablePath = findChromium();
if (!executablePath) throw new Error("No Chromium found: install Debian's chromium or set CHROME_PATH.");
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: CARD });
  const folder = path.resolve("public/images/social");
  mkdirSync(folder, { recursive: true });
  for (const language of LANGUAGES) {
    await page.setContent(cardHtml(language), { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    const shot = await page.screenshot({ type: "png" });
    const png = await sharp(shot).removeAlpha().png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
    writeFileSync(path.join(folder, `card-${language}.png`), png);
    console.log(`card-${language}.png`, `${(png.length / 1024).toFixed(0)} KB`);
  }
  const logo = await sharp(Buffer.from(LOGO_SVG)).removeAlpha().png({ compressionLevel: 9 }).toBuffer();
  writeFileSync(path.join(folder, "logo.png"), logo);
  console.log("logo.png", `${(logo.length / 1024).toFixed(0)} KB`);
} finally {
  await browser.close();
}
