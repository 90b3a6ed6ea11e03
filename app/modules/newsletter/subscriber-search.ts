import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";
import { pageField } from "~/lib/paging";

/**
 * The subscriber search of the admin list (case-insensitive, on email, first name or last name): a
 * text of three characters or more is found anywhere, from trigram indexes; a shorter one, which
 * trigrams cannot look up, as the start of the email or a name, on B-tree indexes
 * (docs/decisions/062-subscriber-search-anywhere-with-trigrams.md, 029-subscriber-search-by-prefix.md).
 */

/** Longest folded name kept for search (a name is at most 100 characters; folding may lengthen it). */
const KEY_LENGTH = 200;
export const MAX_QUERY_LENGTH = 254;

/**
 * A name as the search compares it: lower case, accents and other marks removed, spaces collapsed
 * ("  Élodie  N'Diaye" → "elodie n'diaye"). Stored next to the name (first_name_key, last_name_key)
 * because SQLite's lower() folds only A–Z, and applied to what the admin types.
 */
export function searchKey(value: string | null | undefined): string | null {
  if (!value) return null;
  const folded = value.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
  return folded ? folded.slice(0, KEY_LENGTH) : null;
}

/**
 * The smallest string after every string that starts with `prefix`, in code-point order (SQLite's
 * BINARY collation, PostgreSQL's "C"): the prefix with its last character moved one up. Null when
 * nothing is above (the prefix ends with U+10FFFF).
 */
export function prefixEnd(prefix: string): string | null {
  const characters = [...prefix];
  while (characters.length > 0) {
    const last = characters.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      // Surrogate code points cannot be stored: the next character after U+D7FF is U+E000.
      const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1;
      return characters.join("") + String.fromCodePoint(next);
    }
  }
  return null;
}

/** One column compared with a prefix: column >= from and (when there is one) column < to. */
export interface PrefixMatch {
  column: "email" | "first_name_key" | "last_name_key";
  from: string;
  to: string | null;
}

/**
 * What a search looks for, as alternatives: the email starting with the text (lower-cased), the first
 * or last name starting with it (folded), or, for several words, a first name starting with the first
 * word(s) and a last name starting with the rest ("ada obi" finds Ada Obi).
 */
export function searchPlan(query: string): PrefixMatch[][] {
  const email = query.trim().toLowerCase();
  const name = searchKey(query);
  if (!email || !name) return [];
  const match = (column: PrefixMatch["column"], text: string): PrefixMatch => ({ column, from: text, to: prefixEnd(text) });
  const plan: PrefixMatch[][] = [[match("email", email)], [match("first_name_key", name)], [match("last_name_key", name)]];
  const words = name.split(" ");
  for (let split = 1; split < Math.min(words.length, 4); split++) {
    plan.push([match("first_name_key", words.slice(0, split).join(" ")), match("last_name_key", words.slice(split).join(" "))]);
  }
  return plan;
}

/** Trigram indexes can look up texts of at least this many characters. */
export const TRIGRAM_LENGTH = 3;

/**
 * What a search looks for: nothing (the whole list), texts to find anywhere in the email or the
 * names (the folded text and, when it differs, the text lower-cased, as an address keeps its
 * accents), or, for a text too short for trigrams, the prefix alternatives of searchPlan().
 */
export type SubscriberSearch = { kind: "all" } | { kind: "anywhere"; texts: string[] } | { kind: "prefix"; plan: PrefixMatch[][] };

export function subscriberSearch(typed: string): SubscriberSearch {
  // A NUL is no part of an address or a name, and neither database takes it in a query (the server refuses it in a URL).
  const query = typed.replace(/\0/g, "");
  const folded = searchKey(query);
  const lower = query.trim().replace(/\s+/g, " ").toLowerCase();
  if (!folded || !lower) return { kind: "all" };
  const texts = [...new Set([folded, lower])];
  const shortest = Math.min(...texts.map((text) => [...text].length));
  return shortest >= TRIGRAM_LENGTH ? { kind: "anywhere", texts } : { kind: "prefix", plan: searchPlan(query) };
}

/** A LIKE pattern finding `text` anywhere, its %, _ and \ taken literally (backslash is the escape). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** An FTS5 query finding any of the texts anywhere: each a quoted phrase ("" inside stands for "). */
export const trigramQuery = (texts: string[]) => texts.map((text) => `"${text.replace(/"/g, '""')}"`).join(" OR ");

export const SEARCH_ERRORS = ["tooLong", "invalidPage"] as const;
export type SearchError = (typeof SEARCH_ERRORS)[number];

const searchText = (text: string) => text.trim().replace(/\s+/g, " ");

/** The list's query string: `q` (trimmed, spaces collapsed, at most 254 characters) and `page`. */
export const subscriberSearchSchema = z.object({
  q: textField().transform(searchText).pipe(z.string().max(MAX_QUERY_LENGTH, "tooLong")),
  page: pageField(),
});

/** The search as typed (at most 254 characters), for the box shown again with a refusal. */
export const typedSearch = (params: URLSearchParams) => searchText(params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
