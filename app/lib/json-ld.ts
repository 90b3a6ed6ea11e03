/** JSON for a <script type="application/ld+json"> block: "<" is escaped so the text cannot close the tag. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
