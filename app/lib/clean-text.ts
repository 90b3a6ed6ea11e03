/**
 * Text as the site keeps it and as it writes it out (ADR 087). A control character pasted into a title
 * (Word's Shift+Enter is U+000B) is invisible on a page but makes an XML feed unreadable, since XML 1.0
 * cannot hold it even escaped. So what the owner or a visitor saves is cleaned (`cleanText`,
 * `cleanLine`), and every XML or JSON output drops such characters again (`xmlSafe`), for rows saved
 * before or written into the database by hand.
 */

/**
 * What no text keeps: the C0 controls but tab, newline and carriage return; DEL and the C1 controls
 * (XML 1.0 only tolerates them, and no reader can see them); the non-characters U+FFFE and U+FFFF; and
 * half of a surrogate pair without its other half (with the `u` flag a whole pair is one code point, so
 * only a lone half is in the range).
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNWANTED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udfff]/gu;

/** Line ends of every kind: Windows' CR LF, an old Mac's CR, vertical tab, form feed, NEL, and Unicode's line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- vertical tab and form feed are line ends
const LINE_END = /\r\n|[\n\u000b\u000c\r\u0085\u2028\u2029]/g;

/** In a one-line text, a tab or any line end separates words: each run becomes one space. */
// eslint-disable-next-line no-control-regex -- vertical tab and form feed are line ends
const SEPARATORS = /[\t\n\u000b\u000c\r\u0085\u2028\u2029]+/g;

/** The guard of every XML or JSON output: `text` without the characters XML 1.0 forbids or only tolerates. */
export function xmlSafe(text: string): string {
  return text.replace(UNWANTED, "");
}

/**
 * A text of several lines (an article's body, a comment, a message): each line end becomes "\n", tabs
 * stay, every other control character is removed.
 */
export function cleanText(text: string): string {
  return xmlSafe(text.replace(LINE_END, "\n"));
}

/**
 * A text of one line (a title, a name, a subject): tabs and line ends become a space, so the words they
 * separated stay apart, and every other control character is removed. Not trimmed: the field decides.
 */
export function cleanLine(text: string): string {
  return xmlSafe(text.replace(SEPARATORS, " "));
}
