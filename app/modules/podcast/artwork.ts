import { ARTWORK_ACCENTS, ARTWORK_BACKGROUNDS, seedHash } from "~/lib/artwork-palette";

/**
 * Square cover artwork for the show and each episode, drawn as SVG from a seed (the slug), so the
 * podcast page, the episode page and podcast apps have real images with no downloads from elsewhere.
 * Same seed, same picture. No text: the drawing must not depend on the fonts of the machine that
 * rasterizes it for the feed (PNG, which Apple Podcasts asks for).
 */
export const ARTWORK_SIZE = 1400;

const BACKGROUNDS = ARTWORK_BACKGROUNDS;
const ACCENTS = ARTWORK_ACCENTS;
const hash = seedHash;

const pick = <T>(list: readonly T[], seed: number, offset = 0): T => list[(seed + offset) % list.length]!;

/** Sound waves rising from a point, over a field of small dots. */
export function episodeArtwork(seed: string): string {
  const h = hash(seed);
  const size = ARTWORK_SIZE;
  const cx = 300 + (h % 800);
  const cy = 900 + ((h >> 8) % 300);
  const waves = Array.from({ length: 7 }, (_, i) => {
    const r = 140 + i * 120;
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${pick(ACCENTS, h, i)}" stroke-width="${34 - i * 4}" opacity="${(0.95 - i * 0.1).toFixed(2)}" stroke-dasharray="${(r * 2.2).toFixed(0)} ${(r * 4.1).toFixed(0)}" transform="rotate(${200 + ((h >> i) % 40)} ${cx} ${cy})"/>`;
  }).join("");
  const dots = Array.from({ length: 24 }, (_, i) => {
    const x = 80 + ((h >> (i % 16)) * (i + 3)) % (size - 160);
    const y = 80 + ((h >> ((i + 5) % 16)) * (i + 7)) % 600;
    return `<circle cx="${x}" cy="${y}" r="${6 + (i % 4) * 3}" fill="${pick(ACCENTS, h, i + 1)}" opacity="0.55"/>`;
  }).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${pick(BACKGROUNDS, h)}"/>${dots}${waves}` +
    `<circle cx="${cx}" cy="${cy}" r="70" fill="${pick(ACCENTS, h, 3)}"/>` +
    `<rect x="0" y="${size - 60}" width="${size / 3}" height="60" fill="#0b3b24"/><rect x="${size / 3}" y="${size - 60}" width="${size / 3}" height="60" fill="#e0b84a"/><rect x="${(2 * size) / 3}" y="${size - 60}" width="${size / 3}" height="60" fill="#c8553d"/>` +
    `</svg>`
  );
}
