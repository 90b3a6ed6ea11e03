import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";
import { normalizeQuery } from "./search-text";
import { isCategory, isTag } from "./taxonomy";

/**
 * What the blog list shows, as it lives in the URL (?q=&category=&tag=&page=), so links can be shared.
 * Anything unknown or malformed is dropped: a bad link shows a sensible page, never an error, so
 * reading it never fails.
 */
export const blogQuerySchema = z.object({
  q: textField().transform(normalizeQuery),
  category: textField().transform((category) => (isCategory(category) ? category : undefined)),
  tag: textField().transform((tag) => (isTag(tag) ? tag : undefined)),
  page: textField().transform((text) => {
    const page = Number.parseInt(text || "1", 10);
    return Number.isFinite(page) && page > 0 ? page : 1;
  }),
});
