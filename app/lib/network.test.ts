import { describe, expect, it } from "vitest";
import { networkKey } from "./network";

describe("networkKey", () => {
  it("keeps IPv4 addresses whole", () => {
    expect(networkKey("203.0.113.7")).toBe("203.0.113.7");
    expect(networkKey("203.0.113.8")).not.toBe(networkKey("203.0.113.7"));
  });

  it("reads an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(networkKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("puts every address of one IPv6 /64 under one key, however it is written", () => {
    const key = networkKey("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    expect(networkKey("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe(key);
    expect(networkKey("2001:DB8:1:2:0:0:0:9")).toBe(key);
  });

  it("tells neighbouring /64s apart", () => {
    expect(networkKey("2001:db8:1:3::1")).not.toBe(networkKey("2001:db8:1:2::1"));
    expect(networkKey("::1")).toBe("0:0:0:0::/64");
  });

  it("names a missing address 'unknown'", () => {
    expect(networkKey(null)).toBe("unknown");
    expect(networkKey("")).toBe("unknown");
  });
});
