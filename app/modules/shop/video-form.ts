/** Why the trailer cannot be saved, under the field `video`: the page words each one. */
export type VideoProblem = "type" | "tooLarge" | "name" | "missing" | "none";
export type VideoAnswer = { ok: true; done: "uploaded" | "published" | "removed" } | { ok: false; errors?: { video?: VideoProblem; form?: "failed" } };
