import { xmlSafe } from "./clean-text";

/** Control characters (C0, DEL, C1) and the invisible marks that reorder text (bidi embeddings, overrides, isolates). */
const INVISIBLE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A person's name as the site shows and mails it: control characters and text-reordering marks
 * become spaces (a name cannot break a line of a mail or a page, or run backwards), what else no text
 * keeps (U+FFFE, U+FFFF, half a surrogate pair) is removed, runs of spaces become one, and the ends are trimmed.
 */
export function plainName(value: string): string {
  return xmlSafe(value.replace(INVISIBLE, " ")).replace(/\s+/g, " ").trim();
}
