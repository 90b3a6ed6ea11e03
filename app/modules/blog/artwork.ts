import { ARTWORK_ACCENTS, ARTWORK_BACKGROUNDS, seedHash } from "~/lib/artwork-palette";

/**
 * Original cover artwork for each article, drawn as SVG from its slug and category, so the site
 * renders completely with no image downloads from elsewhere. Same slug, same picture.
 */
export const ARTWORK_WIDTH = 1200;
export const ARTWORK_HEIGHT = 675;

const BACKGROUNDS = ARTWORK_BACKGROUNDS;
const ACCENTS = ARTWORK_ACCENTS;
const hash = seedHash;

function pick<T>(list: readonly T[], seed: number, offset = 0): T {
  return list[(seed + offset) % list.length]!;
}

/** Trade: routes arcing between ports. */
function routes(seed: number): string {
  const arcs = Array.from({ length: 6 }, (_, i) => {
    const x1 = 120 + ((seed >> i) % 200);
    const x2 = 760 + ((seed >> (i + 3)) % 320);
    const y = 470 + i * 28;
    return `<path d="M${x1} ${y} Q ${(x1 + x2) / 2} ${120 + i * 30} ${x2} ${y}" stroke="${pick(ACCENTS, seed, i)}" stroke-width="${6 - i * 0.6}" fill="none" opacity="0.85"/>`;
  }).join("");
  const ports = Array.from({ length: 5 }, (_, i) => `<circle cx="${160 + i * 220}" cy="${560 + (i % 2) * 30}" r="14" fill="${pick(ACCENTS, seed, i + 2)}"/>`).join("");
  return arcs + ports;
}

/** Relations: concentric rings meeting. */
function rings(seed: number): string {
  const centers = [
    [380 + (seed % 80), 340],
    [800 - (seed % 90), 330],
  ];
  return centers
    .flatMap(([cx, cy], c) =>
      Array.from({ length: 7 }, (_, i) => `<circle cx="${cx}" cy="${cy}" r="${40 + i * 38}" stroke="${pick(ACCENTS, seed, c + i)}" stroke-width="5" fill="none" opacity="${0.9 - i * 0.1}"/>`),
    )
    .join("");
}

/** Culture and history: a woven strip pattern. */
function weave(seed: number): string {
  const cells: string[] = [];
  for (let row = 0; row < 9; row++) {
    for (let col = 0; col < 16; col++) {
      if ((row + col + seed) % 3 === 0) continue;
      cells.push(`<rect x="${col * 75 + 4}" y="${row * 75 + 4}" width="67" height="${(row + col) % 2 ? 67 : 30}" fill="${pick(ACCENTS, seed, row * 3 + col)}" opacity="0.8"/>`);
    }
  }
  return cells.join("");
}

export function articleArtwork(slug: string, category: string): string {
  const seed = hash(slug);
  const background = pick(BACKGROUNDS, seed);
  const motif = ["trade-networks", "diaspora-investments", "economic-policy", "diaspora-economics"].includes(category)
    ? routes(seed)
    : ["foreign-policy", "diplomacy", "diaspora-politics"].includes(category)
      ? rings(seed)
      : weave(seed);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ARTWORK_WIDTH} ${ARTWORK_HEIGHT}" width="${ARTWORK_WIDTH}" height="${ARTWORK_HEIGHT}">` +
    `<rect width="${ARTWORK_WIDTH}" height="${ARTWORK_HEIGHT}" fill="${background}"/>${motif}` +
    `<circle cx="${1050 - (seed % 120)}" cy="110" r="60" fill="#e0b84a" opacity="0.9"/></svg>`
  );
}
