/**
 * What the anonymous page cache may keep of a route, declared with its policy (app/route-table.ts):
 * the query parameters its page reads, and the kinds of change that alter it. A route without a rule is
 * never kept: every visitor's request renders its own answer.
 */

/** The kinds of change the owner's actions make to what readers see. */
export const PAGE_CHANGES = ["articles", "episodes", "shop", "comments", "settings"] as const;

export type PageChange = (typeof PAGE_CHANGES)[number];

/** Every page shows the settings (the site's name, its links), so a settings change touches them all. */
export const EVERY_PAGE_CHANGE: PageChange = "settings";

export interface PageCacheRule {
  /** The query parameters the page reads; any other is left out of its key and of the URL it is rendered from. */
  query: readonly string[];
  /**
   * For a parameter whose page knows a few values (and shows its default for any other), those values: any
   * other is left out like an unread parameter, so `?view=1`, `?view=2`… are all the one default page.
   */
  values?: Readonly<Record<string, readonly string[]>>;
  /** The changes that alter the page (a settings change alters every page and need not be named). */
  changedBy: readonly PageChange[];
}

/** A kept page that reads no query. */
export const keptPage = (...changedBy: PageChange[]): PageCacheRule => ({ query: [], changedBy });

/** React Router's data requests name the routes they ask for in `_routes`: always part of their key. */
const DATA_QUERY = ["_routes"];

/**
 * The address a kept page is filed and rendered under: its path and, in a stable order, the first value
 * of each parameter its rule reads (empty ones left out). Anything else a visitor adds to the query (a
 * tracker's tag, a random string) neither splits the page's entry nor reaches its render.
 */
export function canonicalAddress(pathname: string, search: string, { query, values }: Pick<PageCacheRule, "query" | "values">): string {
  if (search.length <= 1) return pathname;
  const params = new URLSearchParams(search);
  const names = pathname.endsWith(".data") ? [...query, ...DATA_QUERY] : query;
  const kept: [string, string][] = [];
  for (const name of [...names].sort()) {
    const value = params.get(name);
    if (value && (!values?.[name] || values[name].includes(value))) kept.push([name, value]);
  }
  return kept.length === 0 ? pathname : `${pathname}?${new URLSearchParams(kept).toString()}`;
}
