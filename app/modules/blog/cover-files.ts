/**
 * Uploaded article covers: each upload is stored as three widths (the card and phone, the tablet, the
 * article page at 1200 × 675) in AVIF and WebP for browsers that read them and JPEG for the others.
 * An article's `image` is then `/article-covers/<article id>-<time>`, the files `<that>-<width>.<format>`;
 * a drawn cover stays `/images/articles/<slug>.svg`.
 */
export const COVER_WIDTHS = [480, 800, 1200] as const;
export const COVER_FORMATS = ["avif", "webp", "jpg"] as const;
export type CoverFormat = (typeof COVER_FORMATS)[number];
export const COVER_HEIGHT_RATIO = 9 / 16;
export const UPLOADED_COVERS = "/article-covers/";

export const isUploadedCover = (image: string) => image.startsWith(UPLOADED_COVERS);

/** The address of one file of an uploaded cover. */
export const coverFile = (image: string, width: number, format: CoverFormat) => `${image}-${width}.${format}`;

/** `srcset` of one format of an uploaded cover. */
export const coverSrcSet = (image: string, format: CoverFormat) => COVER_WIDTHS.map((width) => `${coverFile(image, width, format)} ${width}w`).join(", ");

/** A drawn cover's PNG (/images/articles/<slug>.png) has the social cards' size. */
export const DRAWN_CARD = { width: 1200, height: 630 } as const;

/** The picture shared on social networks: the largest JPEG of an uploaded cover, the PNG of a drawn one. */
export const socialImage = (image: string) => (isUploadedCover(image) ? coverFile(image, 1200, "jpg") : image.replace(/\.svg$/, ".png"));

/** The size of `socialImage(image)`, for og:image:width and og:image:height. */
export const socialImageSize = (image: string) => (isUploadedCover(image) ? { width: 1200, height: Math.round(1200 * COVER_HEIGHT_RATIO) } : DRAWN_CARD);

/** The storage key of a cover file named in a URL, or null when the name is not one. */
export function coverKeyOf(file: string): { key: string; image: string; format: CoverFormat } | null {
  const match = /^([0-9a-f-]{36}-\d{10,16})-(480|800|1200)\.(avif|webp|jpg)$/.exec(file);
  if (!match) return null;
  return { key: `article-covers/${file}`, image: `${UPLOADED_COVERS}${match[1]}`, format: match[3] as CoverFormat };
}
