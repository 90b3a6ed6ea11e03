import MarkdownIt from "markdown-it";

/**
 * Article bodies are Markdown. Raw HTML in them is shown as text, never interpreted (`html: false`),
 * and markdown-it refuses javascript: and data: link targets, so a body cannot carry a script.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

/** Bodies change rarely and are read often: the last few hundred renders are kept, by their text. */
const rendered = new Map<string, string>();
const KEPT_RENDERS = 256;

export function renderMarkdown(source: string): string {
  const known = rendered.get(source);
  if (known !== undefined) return known;
  const html = markdown.render(source);
  if (rendered.size >= KEPT_RENDERS) rendered.delete(rendered.keys().next().value!);
  rendered.set(source, html);
  return html;
}
