/** How the full episode list is shown; kept in the URL (?view=list) so the switch works without JavaScript. */
export const VIEW_MODES = ["grid", "list"] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export const VIEW_PARAM = "view";

/** Grid unless the URL asks for the list; anything unknown is the default. */
export function viewModeOf(searchParams: URLSearchParams): ViewMode {
  return searchParams.get(VIEW_PARAM) === "list" ? "list" : "grid";
}

/** True when two URLs of the page differ only in the view, so the loader need not run again. */
export function onlyViewChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.searchParams);
    params.delete(VIEW_PARAM);
    params.sort();
    return params.toString();
  };
  return strip(current) === strip(next);
}
