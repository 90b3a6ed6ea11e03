import MarkdownIt from "markdown-it";

/**
 * Article bodies are Markdown. Raw HTML in them is shown as text, never interpreted (`html: false`),
 * and markdown-it refuses javascript: and data: link targets, so a body cannot carry a script.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
