import type { z } from "zod";
import type { blogQuerySchema } from "./blog-query-form";

/** What the blog list shows, as it lives in the URL (?q=&category=&tag=&page=), so links can be shared. */
export type BlogQuery = z.output<typeof blogQuerySchema>;

/** The list every blog link falls back to. */
export const ALL_ARTICLES: BlogQuery = { q: "", category: undefined, tag: undefined, page: 1 };

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
