import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";
import { normalizeQuery } from "~/modules/blog/search-text";

export const ARTICLE_STATES = ["draft", "scheduled", "published"] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

/** The admin list's search and state filter, as they live in its URL (?q=&state=); anything unknown is dropped. */
export const articleListQuerySchema = z.object({
  q: textField().transform(normalizeQuery),
  state: textField().transform((state) => ARTICLE_STATES.find((known) => known === state)),
});

export type ArticleListQuery = z.output<typeof articleListQuerySchema>;
