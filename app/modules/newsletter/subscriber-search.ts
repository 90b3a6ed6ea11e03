import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";
import { pageField } from "~/lib/paging";

/**
 * The subscriber search of the admin list (case-insensitive, on email,
 * first name or last name), as prefix matches on indexed columns so it stays fast at a million rows
 * (docs/decisions/029-subscriber-search-by-prefix.md).
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
