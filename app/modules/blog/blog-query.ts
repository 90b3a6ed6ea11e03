import { normalizeQuery } from "./search-text";
import { isCategory, isTag, type CategorySlug, type TagSlug } from "./taxonomy";

/** What the blog list shows, as it lives in the URL (?q=&category=&tag=&page=), so links can be shared. */
export interface BlogQuery {
  q: string;
  category?: CategorySlug;
  tag?: TagSlug;
  page: number;
}

/** Anything unknown or malformed is dropped: a bad link shows a sensible page, never an error. */
export function parseBlogQuery(params: URLSearchParams): BlogQuery {
  const category = params.get("category");
  const tag = params.get("tag");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: normalizeQuery(params.get("q")),
    category: isCategory(category) ? category : undefined,
    tag: isTag(tag) ? tag : undefined,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The query string for a blog list; page 1 and empty values are left out. */
export function blogSearchString(query: Partial<BlogQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.tag) params.set("tag", query.tag);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
