import { expect } from "vitest";
import type { HttpSession } from "./http-session";

/** The editor's fields for a new English article, with `overrides`. */
export function articleFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    id: "",
    language: "en",
    title: "Ports, Corridors and the Next Trade Bloc",
    excerpt: "Where the continent's new corridors lead, and who pays for them.",
    body: "## Corridors\n\nA **new** corridor opens. Zanzibarite spices travel further.",
    seoTitle: "",
    seoDescription: "",
    imageAlt: "",
    slug: "",
    category: "trade-networks",
    featured: "",
    timezoneOffset: "0",
    publishAt: "",
    intent: "save",
    ...overrides,
  };
}

/** Creates an article through the editor as the owner and returns its id (from the address it leads to). */
export async function createArticle(owner: HttpSession, overrides: Record<string, string> = {}): Promise<string> {
  const response = await owner.post("/admin/articles/new", articleFields(overrides));
  expect(response.status).toBe(302);
  const id = /\/admin\/articles\/([^?]+)/.exec(response.headers.get("location") ?? "")?.[1];
  expect(id).toBeTruthy();
  return id!;
}
