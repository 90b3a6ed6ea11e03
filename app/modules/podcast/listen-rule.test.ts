import { describe, expect, it } from "vitest";
import { bytesOfAMinute, bytesServed, isListen } from "./listen-rule";

const TEN_MINUTES = { size: 600_000, durationSeconds: 600 };
const partial = (range: string) => ({ status: 206, headers: new Headers({ "content-range": range }) });
const whole = (length: number) => ({ status: 200, headers: new Headers({ "content-length": String(length) }) });

describe("the listen rule", () => {
  it("asks for a minute's bytes at the episode's average bitrate, or the whole file under a minute", () => {
    expect(bytesOfAMinute(TEN_MINUTES)).toBe(60_000);
    expect(bytesOfAMinute({ size: 1_000_001, durationSeconds: 3600 })).toBe(16_667);
    expect(bytesOfAMinute({ size: 2048, durationSeconds: 12 })).toBe(2048);
    expect(bytesOfAMinute({ size: 2048, durationSeconds: 60 })).toBe(2048);
    expect(bytesOfAMinute({ size: 2048, durationSeconds: 0 })).toBe(2048);
  });

  it("reads the bytes served from a 206's Content-Range or a 200's Content-Length", () => {
    expect(bytesServed(206, partial("bytes 0-0/600000").headers)).toBe(1);
    expect(bytesServed(206, partial("bytes 1000-60999/600000").headers)).toBe(60_000);
    expect(bytesServed(200, whole(600_000).headers)).toBe(600_000);
    expect(bytesServed(206, partial("bytes */600000").headers)).toBe(0);
    expect(bytesServed(304, whole(600_000).headers)).toBe(0);
    expect(bytesServed(416, new Headers())).toBe(0);
  });

  it("counts a GET that carries a minute, wherever it starts, and nothing less", () => {
    expect(isListen("GET", partial("bytes 0-0/600000"), TEN_MINUTES)).toBe(false);
    expect(isListen("GET", partial("bytes 0-59998/600000"), TEN_MINUTES)).toBe(false);
    expect(isListen("GET", partial("bytes 0-59999/600000"), TEN_MINUTES)).toBe(true);
    expect(isListen("GET", partial("bytes 300000-599999/600000"), TEN_MINUTES)).toBe(true);
    expect(isListen("GET", whole(600_000), TEN_MINUTES)).toBe(true);
    expect(isListen("HEAD", whole(600_000), TEN_MINUTES)).toBe(false);
    const short = { size: 2048, durationSeconds: 12 };
    expect(isListen("GET", partial("bytes 0-2046/2048"), short)).toBe(false);
    expect(isListen("GET", partial("bytes 0-2047/2048"), short)).toBe(true);
  });
});
