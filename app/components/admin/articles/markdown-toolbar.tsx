import { Bold, Heading2, Italic, Link2, List, ListOrdered, Quote } from "lucide-react";
import type { RefObject } from "react";
import { useTranslation } from "~/i18n/use-translation";

type Format = "bold" | "italic" | "heading" | "link" | "quote" | "bulletList" | "numberedList";

const ICONS = { bold: Bold, italic: Italic, heading: Heading2, link: Link2, quote: Quote, bulletList: List, numberedList: ListOrdered } as const;

/** Markdown for the selected text: wrapped (bold, italic, link) or each line prefixed (heading, quote, lists). */
export function formatted(format: Format, selected: string, linkText: string): string {
  const lines = (prefix: (index: number) => string) => (selected || "").split("\n").map((line, index) => prefix(index) + line).join("\n");
  switch (format) {
    case "bold":
      return `**${selected}**`;
    case "italic":
      return `_${selected}_`;
    case "link":
      return `[${selected || linkText}](https://)`;
    case "heading":
      return lines(() => "## ");
    case "quote":
      return lines(() => "> ");
    case "bulletList":
      return lines(() => "- ");
    case "numberedList":
      return lines((index) => `${index + 1}. `);
  }
}

/** Applies a format to the textarea's selection, as typing would (undo works, the form sees an input event). */
export function applyFormat(textarea: HTMLTextAreaElement, format: Format, linkText: string): void {
  const { selectionStart, selectionEnd, value } = textarea;
  let start = selectionStart;
  // Line formats start at the beginning of the line the selection starts on.
  if (["heading", "quote", "bulletList", "numberedList"].includes(format)) start = value.lastIndexOf("\n", selectionStart - 1) + 1;
  const replacement = formatted(format, value.slice(start, selectionEnd), linkText);
  textarea.focus();
  textarea.setRangeText(replacement, start, selectionEnd, "end");
  textarea.dispatchEvent(new Event("input", { bubbles: true }));
}

/** The buttons above the Markdown text; Ctrl/Cmd+B and Ctrl/Cmd+I do the same in the text. */
export function MarkdownToolbar({ target, controls }: { target: RefObject<HTMLTextAreaElement | null>; controls: string }) {
  const { t } = useTranslation("editor");
  return (
    <div role="toolbar" aria-label={t("edit.toolbar.label")} aria-controls={controls} className="flex flex-wrap gap-1 rounded-t-xl border border-b-0 border-line bg-sand/60 p-1.5">
      {(Object.keys(ICONS) as Format[]).map((format) => {
        const Icon = ICONS[format];
        return (
          <button
            key={format}
            type="button"
            title={t(`edit.toolbar.${format}`)}
            aria-label={t(`edit.toolbar.${format}`)}
            onClick={() => target.current && applyFormat(target.current, format, t("edit.toolbar.linkText"))}
            className="inline-flex size-9 items-center justify-center rounded-lg sm:size-10 text-ink hover:bg-white focus-visible:bg-white"
          >
            <Icon aria-hidden="true" className="size-5" />
          </button>
        );
      })}
    </div>
  );
}

/** Keyboard shortcuts of the text field. */
export function onFormatKey(event: React.KeyboardEvent<HTMLTextAreaElement>, linkText: string): void {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const format = event.key.toLowerCase() === "b" ? "bold" : event.key.toLowerCase() === "i" ? "italic" : null;
  if (!format) return;
  event.preventDefault();
  applyFormat(event.currentTarget, format, linkText);
}
