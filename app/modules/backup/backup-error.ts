/**
 * A failure the owner can act on, with a message in plain words (the scripts print it alone, without a
 * stack). Anything else that goes wrong is printed in full, as it is a fault to report.
 */
export class BackupError extends Error {
  override name = "BackupError";
}
