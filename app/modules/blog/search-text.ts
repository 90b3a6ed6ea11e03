/** Lower case without accents, so "Économie" and "economie" match the same way on SQLite and PostgreSQL. */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

/** A LIKE pattern that finds `query` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(query: string): string {
  return `%${foldForSearch(query).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const MAX_QUERY_LENGTH = 200;

/** Trims a reader's search to something sensible: whitespace collapsed, at most 200 characters. */
export function normalizeQuery(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);
}
