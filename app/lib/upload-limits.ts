/**
 * How large an upload may be, by what it is for. Uploads in general take at most 10 MB and
 * no podcast limit; 500 MB holds over 8 hours of 128 kbit/s MP3 (docs/owner.md, "The podcast"). The server
 * refuses more (413) and the dialogs say so before sending.
 */
export const MAX_AUDIO_UPLOAD_BYTES = 500 * 1024 * 1024;
export const MAX_GENERAL_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The trailer video must be under 200 MB. */
export const MAX_VIDEO_UPLOAD_BYTES = 200 * 1024 * 1024;
/** The dashboard's secure cover form takes a smaller image than the other cover uploads. */
export const MAX_SECURE_COVER_BYTES = 5 * 1024 * 1024;
/** An episode's transcript (WebVTT or SubRip) and its JSON chapters: text, read whole, so kept small. */
export const MAX_EPISODE_TEXT_FILE_BYTES = 1024 * 1024;

export const UPLOAD_LIMITS = {
  audio: MAX_AUDIO_UPLOAD_BYTES,
  book: MAX_GENERAL_UPLOAD_BYTES,
  video: MAX_VIDEO_UPLOAD_BYTES,
  image: MAX_GENERAL_UPLOAD_BYTES,
  transcript: MAX_EPISODE_TEXT_FILE_BYTES,
  chapters: MAX_EPISODE_TEXT_FILE_BYTES,
} as const;
export type UploadPurpose = keyof typeof UPLOAD_LIMITS;

export const isUploadPurpose = (value: unknown): value is UploadPurpose => typeof value === "string" && Object.hasOwn(UPLOAD_LIMITS, value);
