import { cleanLine, cleanText } from "~/lib/clean-text";

/**
 * Reads an article file: a front matter block with `title` and `excerpt` (double-quoted strings),
 * then the Markdown body.
 *
 *     ---
 *     title: "Building Pan-African Trade Networks"
 *     excerpt: "What the AfCFTA means for diaspora businesses."
 *     ---
 *     Body in Markdown…
 *
 * The title and excerpt are one line each and the body keeps its lines, without control characters
 * (`cleanLine`, `cleanText`), as the editor would save them.
 */
export interface ArticleFile {
  title: string;
  excerpt: string;
  body: string;
}

export function parseArticleFile(text: string): ArticleFile {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text.replace(/^\uFEFF/, ""));
  if (!match) throw new Error("an article file starts with a --- front matter block");
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^(\w+):\s*(".*")\s*$/.exec(line);
    if (field) fields.set(field[1]!, JSON.parse(field[2]!) as string);
  }
  const title = cleanLine(fields.get("title") ?? "").trim();
  const excerpt = cleanLine(fields.get("excerpt") ?? "").trim();
  if (!title || !excerpt) throw new Error("an article file needs a title and an excerpt");
  return { title, excerpt, body: cleanText(match[2]!).trim() };
}
