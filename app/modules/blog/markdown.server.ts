import MarkdownIt from "markdown-it";
import { keptResults } from "~/lib/kept-results";

/**
 * Article bodies are Markdown. Raw HTML in them is shown as text, never interpreted (`html: false`),
 * and markdown-it refuses javascript: and data: link targets, so a body cannot carry a script.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

/** Bodies change rarely and are read often: the last few hundred renders are kept, by their text. */
export const renderMarkdown = keptResults(256, (source) => markdown.render(source));
