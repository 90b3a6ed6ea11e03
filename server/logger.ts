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

/**
 * Without a destination, lines go to standard output asynchronously: under load the lines written
 * while one write is under way leave together in the next, so a crowd costs few system calls, and a
 * quiet server still writes each line at once. Pending lines are flushed when the process exits.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } }, destination ?? pino.destination({ dest: 1, sync: false }));
}
