import { describe, expect, it } from "vitest";
import { CONTACT_TOPICS_OFFERED } from "~/route-table";
import { CONTACT_TOPICS } from "./topics";

describe("the contact page's cache rule", () => {
  it("keeps in its address every topic the page preselects, and no other", () => {
    expect([...CONTACT_TOPICS_OFFERED].sort()).toEqual(CONTACT_TOPICS.filter((topic) => topic !== "general").sort());
  });
});
