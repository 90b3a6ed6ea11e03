/** Drawn product pictures for the shop (the merchandise is not made yet, so it is illustrated). */
const BACKGROUND = "#f1ead9";

const DRAWINGS: Record<string, string> = {
  "field-notebook":
    `<rect x="110" y="60" width="180" height="240" rx="10" fill="#12603a"/>` +
    `<rect x="110" y="60" width="26" height="240" fill="#0b3b24"/>` +
    Array.from({ length: 5 }, (_, i) => `<rect x="${150 + (i % 2) * 60}" y="${90 + i * 40}" width="50" height="20" fill="#e0b84a" opacity="0.8"/>`).join(""),
  "global-south-t-shirt":
    `<path d="M130 70 l-70 40 l26 50 l34 -16 v170 h160 v-170 l34 16 l26 -50 l-70 -40 q-40 30 -70 0z" fill="#17140f"/>` +
    `<circle cx="200" cy="190" r="46" fill="#12603a" stroke="#e0b84a" stroke-width="4"/>` +
    `<ellipse cx="200" cy="190" rx="20" ry="46" fill="none" stroke="#e0b84a" stroke-width="2"/>`,
  "solidarity-enamel-pin":
    `<circle cx="200" cy="180" r="100" fill="#e0b84a"/><circle cx="200" cy="180" r="84" fill="#12603a"/>` +
    `<path d="M200 110a70 70 0 0 1 0 140" fill="#e0b84a"/><circle cx="200" cy="180" r="24" fill="#17140f"/>`,
  "market-tote-bag":
    `<path d="M150 120 q0 -60 50 -60 q50 0 50 60" fill="none" stroke="#5c2a1e" stroke-width="12"/>` +
    `<rect x="100" y="120" width="200" height="200" rx="12" fill="#faf7f0" stroke="#5c2a1e" stroke-width="4"/>` +
    `<path d="M130 250 Q200 190 270 250" stroke="#c8553d" stroke-width="8" fill="none"/><circle cx="200" cy="190" r="24" fill="#e0b84a"/>`,
  "diaspora-business-guide":
    `<rect x="120" y="40" width="160" height="240" rx="6" fill="#0b3b24"/>` +
    `<rect x="140" y="70" width="120" height="6" fill="#e0b84a"/><rect x="140" y="90" width="90" height="6" fill="#e0b84a"/>` +
    `<circle cx="200" cy="200" r="44" fill="none" stroke="#e0b84a" stroke-width="6"/>`,
};

export function productSvg(slug: string): string | null {
  // Own keys only: a slug from the URL such as `constructor` is not a drawing.
  if (!Object.hasOwn(DRAWINGS, slug)) return null;
  const drawing = DRAWINGS[slug];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 360" width="400" height="360"><rect width="400" height="360" fill="${BACKGROUND}"/>${drawing}</svg>`;
}
