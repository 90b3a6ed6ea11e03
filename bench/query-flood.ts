import { wrk, type WrkResult } from "./wrk";

/**
 * The cached article measured alone, then again while a second client floods the site with addresses
 * nobody asked for before (bench/wrk/query-flood.lua: random queries the article does not read, random
 * searches, page numbers past the last, unknown categories and tags), in the same minutes. The goal: the
 * flood takes at most half of what the cached article serves.
 */
export async function queryFloodFigures(url: string, article: string, options: { connections: number; seconds: number; headers: Record<string, string> }) {
  const measure = () => wrk(url + article, options);
  await wrk(url + article, { ...options, seconds: 3 });
  const alone = await measure();
  const flooding = wrk(url + "/", { ...options, script: "bench/wrk/query-flood.lua", env: { BENCH_ARTICLE: article } });
  // The flood runs a moment before and after the measure, so the article is measured under it throughout.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const underFlood = await wrk(url + article, { ...options, seconds: options.seconds - 2 });
  const flood = await flooding;
  return { alone, underFlood, flood, ratio: underFlood.requestsPerSecond / alone.requestsPerSecond };
}

export function printQueryFlood({ alone, underFlood, flood, ratio }: { alone: WrkResult; underFlood: WrkResult; flood: WrkResult; ratio: number }): void {
  console.log(
    `Cached article during a flood of new addresses: ${Math.round(underFlood.requestsPerSecond)} req/s (p99 ${underFlood.p99Ms.toFixed(1)} ms) ` +
      `against ${Math.round(alone.requestsPerSecond)} alone just before: ${(ratio * 100).toFixed(0)} % kept (goal ≥ 50 %); ` +
      `the flood: ${Math.round(flood.requestsPerSecond)} req/s, ${flood.errors} answered other than 2xx/3xx (404s and 503s) or failed`,
  );
}
