/** A run of page numbers left out of the links, shown as an ellipsis. */
export const GAP = "gap";

/** Pages on each side of the current one that are always linked. */
const AROUND_CURRENT = 1;
/** As many items as the longest window holds (first, gap, three around the current, gap, last): a list this short shows every page. */
const ALL_UP_TO = 7;

/**
 * The page numbers a list's pagination links to: the first and the last, the current one and its
 * neighbours, and a gap for each run left out; a gap never hides a single page (the page is shown
 * instead). A list of seven pages or fewer shows them all. The links stay a handful however long the
 * archive grows: fifty pages would otherwise be fifty links to render and to wrap on a phone.
 */
export function pageWindow(page: number, pageCount: number): Array<number | typeof GAP> {
  if (pageCount <= ALL_UP_TO) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const shown = new Set([1, pageCount]);
  for (let number = page - AROUND_CURRENT; number <= page + AROUND_CURRENT; number++) if (number >= 1 && number <= pageCount) shown.add(number);
  const numbers = [...shown].sort((a, b) => a - b);
  const window: Array<number | typeof GAP> = [];
  for (const [index, number] of numbers.entries()) {
    const previous = numbers[index - 1];
    if (previous !== undefined && number - previous === 2) window.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) window.push(GAP);
    window.push(number);
  }
  return window;
}
