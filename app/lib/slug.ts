/**
 * Slugs of episodes and articles ("the title lowercased with dashes"): accents are dropped, anything
 * that is not a letter or a digit becomes one dash, and the result is cut to 80 characters at a dash.
 * A title with nothing usable (only punctuation or emoji) gives `fallback` ("episode" unless told).
 */
export const MAX_SLUG_LENGTH = 80;

export function slugify(title: string, fallback = "episode"): string {
  const dashed = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!dashed) return fallback;
  if (dashed.length <= MAX_SLUG_LENGTH) return dashed;
  const cut = dashed.slice(0, MAX_SLUG_LENGTH);
  const lastDash = cut.lastIndexOf("-");
  return (lastDash > 20 ? cut.slice(0, lastDash) : cut).replace(/-+$/, "");
}

/** `base`, or `base-2`, `base-3`… the first one `taken` does not hold. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
