import { readdirSync, readFileSync } from "node:fs";

/** The resident memory of a process and its children (any worker or helper process it starts). Linux only: reads /proc. */
export function treeRssBytes(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++) for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  let total = 0;
  for (const pid of tree) {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    } catch {
      // Gone.
    }
  }
  return total;
}

/** Samples treeRssBytes(root) every 50 ms from now until `stop()`, which returns the highest value seen. */
export function watchPeakRss(root: number): { baseline: number; stop: () => number } {
  const baseline = treeRssBytes(root);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssBytes(root))), 50);
  return {
    baseline,
    stop: () => {
      clearInterval(sampler);
      return Math.max(peak, treeRssBytes(root));
    },
  };
}
