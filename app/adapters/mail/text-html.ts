import { escapeXml } from "~/lib/xml";

const LINK = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;

/**
 * A mail's text as a plain HTML part, so mail programs that prefer HTML show the same words: blank
 * lines make paragraphs, single line breaks stay, and web addresses become links. Nothing else is
 * added: no images, no tracking, no styles a mail program could strip.
 */
export function textToHtml(text: string, language = "en"): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${linked(paragraph).replace(/\n/g, "<br>\n")}</p>`);
  return `<!doctype html>\n<html lang="${escapeXml(language)}"><head><meta charset="utf-8"></head><body>\n${paragraphs.join("\n")}\n</body></html>\n`;
}

function linked(paragraph: string): string {
  let html = "";
  let last = 0;
  for (const match of paragraph.matchAll(LINK)) {
    html += escapeXml(paragraph.slice(last, match.index)) + `<a href="${escapeXml(match[0])}">${escapeXml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeXml(paragraph.slice(last));
}
