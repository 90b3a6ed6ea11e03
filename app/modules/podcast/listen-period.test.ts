import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { listenPeriodSchema } from "./listen-period";

describe("listenPeriodSchema", () => {
  it("reads 30 or 90 days, 30 when none is asked for, and all episodes unless one is named", () => {
    expect(parseInput(listenPeriodSchema, new URLSearchParams(""))).toEqual({ ok: true, value: { days: 30, episode: "" } });
    expect(parseInput(listenPeriodSchema, new URLSearchParams("days=90"))).toEqual({ ok: true, value: { days: 90, episode: "" } });
    expect(parseInput(listenPeriodSchema, new URLSearchParams("days=30&episode=legacy-of-mlk"))).toEqual({ ok: true, value: { days: 30, episode: "legacy-of-mlk" } });
  });

  it("refuses any other period", () => {
    for (const query of ["days=45", "days=abc", "days=-30", "days=1e9"]) {
      expect(parseInput(listenPeriodSchema, new URLSearchParams(query)), query).toEqual({ ok: false, errors: { days: "invalidPeriod" } });
    }
  });

  it("refuses what cannot be an episode's address", () => {
    for (const episode of ["../admin", "Legacy", "-x", "a".repeat(101), "<script>"]) {
      expect(parseInput(listenPeriodSchema, new URLSearchParams({ episode })), episode).toEqual({ ok: false, errors: { episode: "unknownEpisode" } });
    }
  });
});
