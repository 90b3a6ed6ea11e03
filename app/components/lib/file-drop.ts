/**
 * File-drop acceptance, shared by every drop zone and file picker: an accept list of
 * extensions with a leading dot (`.mp3`), wildcard types (`audio/*`) or exact types (`audio/mpeg`);
 * an empty list accepts all. Operating-system junk (.DS_Store, Thumbs.db) is dropped silently. The
 * server checks the bytes again: this only spares the reader a long upload of the wrong file.
 */
export interface DropRules {
  accept: string[];
  maxSize?: number;
  minSize?: number;
  maxFiles?: number;
}

/** The four rejections; the page translates them. */
export type DropRejection =
  | { code: "type"; accept: string }
  | { code: "tooLarge"; bytes: number }
  | { code: "tooSmall"; bytes: number }
  | { code: "tooMany"; max: number };

export interface DroppedFile {
  name: string;
  type: string;
  size: number;
}

const JUNK = new Set([".ds_store", "thumbs.db"]);

export const isJunkFile = (file: Pick<DroppedFile, "name">) => JUNK.has(file.name.toLowerCase());

export function accepts(accept: string[], file: Pick<DroppedFile, "name" | "type">): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((rule) => {
    const wanted = rule.trim().toLowerCase();
    if (wanted.startsWith(".")) return name.endsWith(wanted);
    if (wanted.endsWith("/*")) return type.startsWith(wanted.slice(0, -1));
    return type === wanted;
  });
}

/** The files to keep and, when some are refused, the first reason (junk files are neither). */
export function checkDrop<T extends DroppedFile>(files: T[], rules: DropRules): { accepted: T[]; rejection: DropRejection | null } {
  const wanted = files.filter((file) => !isJunkFile(file));
  if (rules.maxFiles !== undefined && wanted.length > rules.maxFiles) return { accepted: [], rejection: { code: "tooMany", max: rules.maxFiles } };
  for (const file of wanted) {
    if (!accepts(rules.accept, file)) return { accepted: [], rejection: { code: "type", accept: rules.accept.join(", ") } };
    if (rules.maxSize !== undefined && file.size > rules.maxSize) return { accepted: [], rejection: { code: "tooLarge", bytes: rules.maxSize } };
    if (rules.minSize !== undefined && file.size < rules.minSize) return { accepted: [], rejection: { code: "tooSmall", bytes: rules.minSize } };
  }
  return { accepted: wanted, rejection: null };
}
