import figures from "@content/figures.json";

interface Figure {
  id: string;
  name: string;
  years: string;
  /** Skin tone of the drawn bust. */
  tone: string;
  hair: "short" | "grey";
  beard: boolean;
}

/** The historical figures of the home page, with their portraits drawn as illustrations. */
export const FIGURES: readonly Figure[] = figures as Figure[];

export const FALLBACK_PORTRAIT = "/images/figures/fallback.svg";

export function portraitPath(id: string): string {
  return `/images/figures/${id}.svg`;
}

const BACKDROPS = ["#12603a", "#e0b84a", "#c8553d", "#1f3a5f", "#3d2b56", "#3f9b6b"];

/** A bust in the figure's tones on a coloured disc: an illustration, not a likeness. */
export function portraitSvg(id: string): string | null {
  const index = FIGURES.findIndex((figure) => figure.id === id);
  const figure = FIGURES[index];
  if (!figure) return null;
  const hair = figure.hair === "grey" ? "#bdb6ac" : "#1a1410";
  const beard = figure.beard ? `<path d="M128 182 q32 34 64 0 q-4 22 -32 26 q-28 -4 -32 -26z" fill="${hair}"/>` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320">` +
    `<rect width="320" height="320" fill="${BACKDROPS[index % BACKDROPS.length]}"/>` +
    `<circle cx="160" cy="160" r="150" fill="#faf7f0" opacity="0.12"/>` +
    `<path d="M40 320 q10 -86 120 -96 q110 10 120 96z" fill="#17140f"/>` +
    `<path d="M132 226 l28 44 l28 -44z" fill="#faf7f0"/>` +
    `<rect x="140" y="188" width="40" height="40" rx="12" fill="${figure.tone}"/>` +
    `<ellipse cx="160" cy="146" rx="50" ry="60" fill="${figure.tone}"/>` +
    `<path d="M110 134 q2 -56 50 -58 q48 2 50 58 q-8 -30 -50 -32 q-42 2 -50 32z" fill="${hair}"/>` +
    beard +
    `</svg>`
  );
}

/** Shown when a portrait cannot be loaded: a neutral woven pattern. */
export function fallbackPortraitSvg(): string {
  const cells = Array.from({ length: 16 }, (_, i) =>
    `<rect x="${(i % 4) * 80 + 8}" y="${Math.floor(i / 4) * 80 + 8}" width="64" height="64" rx="8" fill="${BACKDROPS[i % BACKDROPS.length]}" opacity="0.55"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320"><rect width="320" height="320" fill="#f1ead9"/>${cells}</svg>`;
}
