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
 * Log lines waiting for standard output are kept up to this many bytes. A reader that stops reading (a
 * stuck log collector, a pipe nobody drains) must not grow the server's memory without end: under a crowd
 * that is 3–4 MB of access log a second. Past it, lines are dropped, counted and reported.
 */
export const MOST_PENDING_LOG_BYTES = 8 * 1024 * 1024;

const OPTIONS = { redact: { paths: REDACTED_PATHS, censor: "[redacted]" } };

/**
 * Without a destination, lines go to standard output asynchronously: under load the lines written
 * while one write is under way leave together in the next, so a crowd costs few system calls, and a
 * quiet server still writes each line at once. Pending lines are flushed when the process exits.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return destination ? pino({ level, ...OPTIONS }, destination) : loggerOnOutput(level, 1, MOST_PENDING_LOG_BYTES);
}

/**
 * A logger writing to the file descriptor `fd` asynchronously, holding at most `maxPendingBytes` of lines
 * its reader has not taken yet. Lines dropped past that are reported in a warning (every `reportEveryMs`,
 * once the reader takes lines again), so the log says what it is missing.
 */
export function loggerOnOutput(level: string, fd: number, maxPendingBytes: number, reportEveryMs = 10_000): Logger {
  const stream = pino.destination({ dest: fd, sync: false, maxLength: maxPendingBytes });
  const logger = pino({ level, ...OPTIONS }, stream);
  let dropped = 0;
  stream.on("drop", () => dropped++);
  const report = setInterval(() => {
    if (dropped === 0) return;
    const linesDropped = dropped;
    dropped = 0;
    logger.warn({ linesDropped }, "log lines dropped: their reader was not reading");
    // Still not reading: the warning itself was dropped, so the count waits for the next report.
    if (dropped > 0) dropped = linesDropped;
  }, reportEveryMs);
  report.unref();
  return logger;
}
