/** Longest name and comment a reader may submit (checked on the server, hinted in the form). */
export const COMMENT_LIMITS = { name: 80, body: 2000 } as const;
