const HEAD_END = "</head>";
const MODULE_PRELOAD = '<link rel="modulepreload"';
const SCRIPT = "<script";
const LINK = "<link";
const LOW_PRIORITY = Buffer.from('<link fetchpriority="low"');

/**
 * The rendered page with its module preloads moved from `<head>` to just before the module script that
 * imports them, at the end of `<body>` (ADR 072). React hoists every `<link rel="modulepreload">` into
 * `<head>`, so a phone started downloading ~120 KB of scripts alongside the page itself and painted
 * later. After the move the scripts are asked for once the page's text has arrived, at low priority
 * (the text, its fonts and pictures first), still all at once and before the module script needs them.
 * A page without a module script is left as it is.
 */
export function withLateModulePreloads(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  if (!import.meta.env.PROD) return page;
  const headEnd = page.indexOf(HEAD_END);
  if (headEnd < 0) return page;
  const script = moduleScriptAt(page, headEnd);
  if (script < 0) return page;
  const kept: Buffer[] = [];
  const moved: Buffer[] = [];
  let from = 0;
  for (let start = page.indexOf(MODULE_PRELOAD); start >= 0 && start < headEnd; start = page.indexOf(MODULE_PRELOAD, from)) {
    const end = page.indexOf(">", start) + 1;
    if (end === 0) return page;
    kept.push(page.subarray(from, start));
    moved.push(LOW_PRIORITY, page.subarray(start + LINK.length, end));
    from = end;
  }
  if (moved.length === 0) return page;
  return Buffer.concat([...kept, page.subarray(from, script), ...moved, page.subarray(script)]);
}

/** Where the first `<script … type="module" …>` after `from` begins (its attributes may come in any order), or -1. */
function moduleScriptAt(page: Buffer, from: number): number {
  for (let start = page.indexOf(SCRIPT, from); start >= 0; start = page.indexOf(SCRIPT, start + SCRIPT.length)) {
    const end = page.indexOf(">", start);
    if (end < 0) return -1;
    if (page.subarray(start, end).includes(' type="module"')) return start;
  }
  return -1;
}
