import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";

/**
 * The show's own artwork, uploaded on the settings page. Apple Podcasts asks for a square JPEG or
 * PNG from 1400 × 1400 to 3000 × 3000 pixels; anything else is refused with the reason.
 */
export const SHOW_ARTWORK_AREA = "podcast-artwork";
export const SHOW_ARTWORK_MIN = 1400;
export const SHOW_ARTWORK_MAX = 3000;

export type ArtworkProblem = "artworkType" | "artworkSquare" | "artworkSmall" | "artworkLarge" | "artworkMissing";

/** Why an image of this size cannot be the show's artwork, or null when it can. */
export function artworkSizeProblem(width: number, height: number): ArtworkProblem | null {
  if (width !== height) return "artworkSquare";
  if (width < SHOW_ARTWORK_MIN) return "artworkSmall";
  if (width > SHOW_ARTWORK_MAX) return "artworkLarge";
  return null;
}

/** The artwork's public file name (`show-<time>.<ext>`), which /podcast/artwork/<file> serves; the key is never reused. */
export const artworkFileOf = (key: string) => key.slice(SHOW_ARTWORK_AREA.length + 1);
export const artworkKeyOf = (file: string) => (/^show-\d{1,15}\.(jpg|png)$/.test(file) ? `${SHOW_ARTWORK_AREA}/${file}` : null);

/** The artwork form: the id of the finished upload (sent by the page once the image is uploaded). */
export const artworkFormSchema = z.object({ uploadId: textField() }).superRefine((value, context) => {
  if (!isUploadId(value.uploadId)) context.addIssue({ code: "custom", path: ["artwork"], message: "artworkMissing" });
});
