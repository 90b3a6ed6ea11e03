/**
 * `compute` with its last `limit` results kept by their key, for work that is asked again and again with
 * the same few inputs (an article's body, a date). Once full, the oldest result goes first.
 */
export function keptResults<Value>(limit: number, compute: (key: string) => Value): (key: string) => Value {
  const kept = new Map<string, Value>();
  return (key) => {
    if (kept.has(key)) return kept.get(key)!;
    const value = compute(key);
    if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
    return value;
  };
}
