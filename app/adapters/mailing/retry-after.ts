/**
 * Reads an HTTP Retry-After header (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
 * Returns the wait in milliseconds (0 for a date already past), or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10) * 1000;
  // Only the date forms HTTP allows, not any string Date.parse would take: IMF-fixdate and RFC 850
  // (both end in GMT), or asctime (no zone written; HTTP dates are always GMT).
  if (!/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /.test(text)) return undefined;
  const at = Date.parse(/GMT$/.test(text) ? text : `${text} GMT`);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}
