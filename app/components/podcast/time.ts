/** A media element's time as whole seconds for display: NaN and Infinity (unknown yet) read as 0. */
export function wholeSeconds(time: number): number {
  return Number.isFinite(time) && time > 0 ? Math.floor(time) : 0;
}
