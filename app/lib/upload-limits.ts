/**
 * The largest episode audio file: 500 MB, over 8 hours of 128 kbit/s MP3. The spec sets no podcast
 * limit; the server refuses more (413) and the dialog says so before sending (README, "Podcast").
 */
export const MAX_AUDIO_UPLOAD_BYTES = 500 * 1024 * 1024;
