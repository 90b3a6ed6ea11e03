import type sharpFunction from "sharp";

let loading: Promise<typeof sharpFunction> | undefined;

/**
 * sharp, loaded on first use: it costs about 30 MB and 80 ms, and most processes of a reader-facing
 * site never draw an illustration or check an upload.
 */
export function loadSharp(): Promise<typeof sharpFunction> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
