/** An action's answer as the podcast and shop forms give it. */
export type Answer = { ok: boolean; done?: string; slug?: string; errors?: Record<string, string>; refused?: string };

/** React Router's single-fetch answer (turbo-stream) for a plain object of strings, booleans and objects. */
export function decodeAnswer(text: string): Answer {
  const table = JSON.parse(text) as unknown[];
  const resolve = (index: number): unknown => {
    const value = table[index];
    if (Array.isArray(value)) return value.map((item) => resolve(item as number));
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [String(table[Number(key.slice(1))]), resolve(item as number)]));
    }
    return value;
  };
  const root = resolve(0) as Record<string, unknown>;
  return (root.data ?? root) as Answer;
}
