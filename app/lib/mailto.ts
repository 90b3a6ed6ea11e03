/**
 * A `mailto:` link to exactly one address. The address is percent-encoded (the "@" kept readable), so a
 * stored address holding "?", "&", "=", "," or "%" (all allowed in an address's local part) cannot add
 * headers such as a hidden Bcc, a subject or more recipients.
 */
export function mailtoHref(address: string): string {
  return `mailto:${encodeURIComponent(address).replaceAll("%40", "@")}`;
}
