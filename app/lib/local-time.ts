/**
 * A time as the owner typed it in a datetime-local field (their clock) made absolute with their
 * browser's offset from UTC (Date#getTimezoneOffset, in minutes); null when it names no real time.
 */
export function instantOfLocalTime(local: string, timezoneOffsetMinutes: number): Date | null {
  const utc = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  // A day that does not exist (31 February) would otherwise roll over into the next month.
  if (!Number.isFinite(utc) || new Date(utc).toISOString().slice(0, 16) !== local.slice(0, 16)) return null;
  return new Date(utc + timezoneOffsetMinutes * 60_000);
}
