/**
 * An episode's length as the pages show it: m:ss, the seconds padded to two digits and the
 * minutes not limited to 59 ("75:03" for an hour and a quarter). Bad input reads as 0:00.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, "0")}`;
}

/** hh:mm:ss for itunes:duration and ISO 8601 (PT1H2M3S) for schema.org: exact, whatever the length. */
export function isoDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || total === 0 ? `${s}S` : ""}`;
}
