import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";
import { normalizeQuery } from "./search-text";
import { isCategory, isTag } from "./taxonomy";

/**
 * What the blog list shows, as it lives in the URL (?q=&category=&tag=&page=), so links can be shared.
 * An unknown category or tag, or a page that is not a page number, fails: the list answers 404 rather
 * than a copy of another page under an address nobody links to (each such address would be one more
 * page to render and keep).
 */
export const blogQuerySchema = z.object({
  q: textField().transform(normalizeQuery),
  category: textField()
    .refine((category) => category === "" || isCategory(category), "unknownCategory")
    .transform((category) => (isCategory(category) ? category : undefined)),
  tag: textField()
    .refine((tag) => tag === "" || isTag(tag), "unknownTag")
    .transform((tag) => (isTag(tag) ? tag : undefined)),
  page: textField()
    .refine((text) => text === "" || /^[1-9]\d{0,5}$/.test(text), "notAPage")
    .transform((text) => Number.parseInt(text || "1", 10)),
});
