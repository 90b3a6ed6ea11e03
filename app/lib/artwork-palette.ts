/** The site's drawn artwork colours: a dark background and a light accent, picked from a seed. */
export const ARTWORK_BACKGROUNDS = ["#0b3b24", "#17140f", "#5c2a1e", "#1f3a5f", "#3d2b56"];
export const ARTWORK_ACCENTS = ["#e0b84a", "#f0cf73", "#c8553d", "#3f9b6b", "#faf7f0"];

/** FNV-1a: a stable number from text, so the same seed always draws the same picture. */
export function seedHash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}
