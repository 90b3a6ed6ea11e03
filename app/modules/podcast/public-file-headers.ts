/**
 * Headers of the files podcast apps fetch beside the feed (transcripts, chapters): kept 15 minutes
 * like the feed, never sniffed as another type, and readable by web players on other sites.
 */
export const PUBLIC_FILE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "public, max-age=900",
  "Access-Control-Allow-Origin": "*",
} as const;
