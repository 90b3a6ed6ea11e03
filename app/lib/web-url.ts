/** An owner-set link for an href: kept only when it is an absolute http(s) URL, otherwise null. */
export function webUrlOrNull(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
