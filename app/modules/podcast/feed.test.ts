import { describe, expect, it } from "vitest";
import { feedDuration, podcastGuid } from "./feed";

describe("podcast feed helpers", () => {
  it("computes podcast:guid as Podcasting 2.0 does (UUID v5 of the URL without scheme)", () => {
    // The namespace's own documented example: podcastindex.org/namespace/1.0#guid.
    expect(podcastGuid("https://mp3s.nashownotes.com/pc20rss.xml")).toBe("917393e3-1b1e-5cef-ace4-edaa54e1f810");
    expect(podcastGuid("http://mp3s.nashownotes.com/pc20rss.xml/")).toBe("917393e3-1b1e-5cef-ace4-edaa54e1f810");
  });

  it("writes itunes:duration as hh:mm:ss", () => {
    expect(feedDuration(12)).toBe("00:00:12");
    expect(feedDuration(3723)).toBe("01:02:03");
  });
});
