/**
 * The values a refused form shows again, each cut to its field's maximum length (in characters, as the
 * validators count them), so whatever was sent is echoed into the page and its hydration data at most
 * that long. A missing or non-text field (a file) echoes as "".
 */
export function echoedValues<Field extends string>(form: Record<string, unknown>, maxLengths: Record<Field, number>): Record<Field, string> {
  const entries = Object.entries<number>(maxLengths).map(([field, max]) => [field, cut(form[field], max)]);
  return Object.fromEntries(entries) as Record<Field, string>;
}

function cut(value: unknown, max: number): string {
  if (typeof value !== "string") return "";
  // A character is at most two UTF-16 units: cutting there first keeps a huge value's split cheap.
  return [...value.slice(0, max * 2)].slice(0, max).join("");
}
