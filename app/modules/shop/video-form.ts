/** Why the trailer cannot be saved: the page words each one. */
export type VideoProblem = "type" | "tooLarge" | "name" | "missing" | "none";
export type VideoAnswer = { ok: true; done: "uploaded" | "published" | "removed" } | { ok: false; problem?: VideoProblem; refused?: string };
