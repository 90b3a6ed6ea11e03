/**
 * Illustrated scenes for the About page carousel: sea, hills and a sun in each place's colours.
 * Drawn, not photographed, so the site needs no outside images.
 */
const SCENES: Record<string, { sky: string; sea: string; hills: string; sun: string; houses: string[] }> = {
  bahia: { sky: "#f0cf73", sea: "#1f6f8b", hills: "#12603a", sun: "#c8553d", houses: ["#c8553d", "#3f9b6b", "#1f3a5f", "#e0b84a"] },
  palenque: { sky: "#e2efe6", sea: "#3f9b6b", hills: "#0b3b24", sun: "#e0b84a", houses: ["#c8553d", "#faf7f0", "#e0b84a"] },
  kingston: { sky: "#f7d9a0", sea: "#17607a", hills: "#1d7a4d", sun: "#e0b84a", houses: ["#17140f", "#e0b84a", "#12603a"] },
  haiti: { sky: "#fbe3c4", sea: "#1f3a5f", hills: "#2f6b3f", sun: "#c8553d", houses: ["#1f3a5f", "#c8553d", "#faf7f0", "#e0b84a"] },
  havana: { sky: "#f3c98b", sea: "#2b7a9b", hills: "#5c2a1e", sun: "#faf7f0", houses: ["#3f9b6b", "#f0cf73", "#c8553d", "#1f6f8b"] },
};

export function regionSceneSvg(id: string): string | null {
  // Own keys only: an id from the URL such as `constructor` is not a scene.
  if (!Object.hasOwn(SCENES, id)) return null;
  const scene = SCENES[id]!;
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
