/** File names are at most 255 characters. */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * A file name reduced to letters, digits, dot, underscore and hyphen (anything else becomes
 * an underscore), repeated underscores collapsed, cut to 255 characters. Leading dots are dropped too,
 * so the result is never `..`, `.` or a hidden name. It is kept for messages only: stored files get
 * random keys.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return base
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/_+/g, "_")
    .replace(/^\.+/, "")
    .slice(0, MAX_FILE_NAME_LENGTH);
}

/** A name containing any of these is refused, wherever it appears ('cover.png.exe', 'x.js.pdf'). */
const DANGEROUS = [".exe", ".bat", ".cmd", ".com", ".pif", ".scr", ".vbs", ".js"];

export const hasDangerousName = (name: string) => DANGEROUS.some((part) => name.toLowerCase().includes(part));
