import regions from "@content/regions.json";

/**
 * Illustrated scenes for the About page carousel: sea, hills and a sun in each place's colours.
 * Drawn, not photographed, so the site needs no outside images.
 */
interface RegionScene {
  id: string;
  sky: string;
  sea: string;
  hills: string;
  sun: string;
  houses: string[];
}

const SCENES: readonly RegionScene[] = regions;

/** The carousel's slides, in order; each caption is the `about:regions.slides.<id>` string. */
export const REGION_SLIDES = SCENES.map((scene) => scene.id);

export function regionSceneSvg(id: string): string | null {
  // A search by id, so an id from the URL such as `constructor` finds no scene.
  const scene = SCENES.find((candidate) => candidate.id === id);
  if (!scene) return null;
  const houses = Array.from({ length: 12 }, (_, i) => {
    const x = 80 + i * 88;
    const h = 70 + ((i * 37) % 60);
    return `<rect x="${x}" y="${420 - h}" width="70" height="${h}" fill="${scene.houses[i % scene.houses.length]}"/><rect x="${x + 25}" y="${440 - h}" width="20" height="24" fill="#17140f" opacity="0.35"/>`;
  }).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600" width="1200" height="600">` +
    `<rect width="1200" height="600" fill="${scene.sky}"/>` +
    `<circle cx="960" cy="150" r="80" fill="${scene.sun}"/>` +
    `<path d="M0 360 Q200 220 420 330 T860 300 T1200 320 V600 H0Z" fill="${scene.hills}"/>` +
    houses +
    `<path d="M0 440 Q300 420 600 440 T1200 440 V600 H0Z" fill="${scene.sea}"/>` +
    `<path d="M0 500 Q150 485 300 500 T600 500 T900 500 T1200 500" stroke="#faf7f0" stroke-width="4" fill="none" opacity="0.5"/>` +
    `</svg>`
  );
}
