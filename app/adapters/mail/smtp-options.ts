import { parseConnectionUrl } from "nodemailer/lib/shared";

/**
 * How long the SMTP transport waits, in milliseconds: for the TCP (and TLS) connection, for the
 * server's greeting, and for any answer once connected. nodemailer's defaults (2 min, 30 s, 10 min)
 * would hold the outbox worker, and every mail behind the one in hand, on a server that stays silent.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 } as const;

/** The SMTP transport's options: these timeouts, then whatever SMTP_URL's query string sets (e.g. ?greetingTimeout=20000), which wins. */
export function smtpTransportOptions(smtpUrl: string) {
  return { ...SMTP_TIMEOUTS, ...parseConnectionUrl(smtpUrl) };
}
