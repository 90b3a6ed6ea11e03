import { describe, expect, it } from "vitest";
import { onlyViewChanged, viewModeOf } from "./view-mode";

describe("viewModeOf", () => {
  it("is grid by default and for anything but 'list'", () => {
    expect(viewModeOf(new URLSearchParams(""))).toBe("grid");
    expect(viewModeOf(new URLSearchParams("view=grid"))).toBe("grid");
    expect(viewModeOf(new URLSearchParams("view=tiles"))).toBe("grid");
    expect(viewModeOf(new URLSearchParams("view=list"))).toBe("list");
  });
});

describe("onlyViewChanged", () => {
  const url = (path: string) => new URL(path, "http://localhost");

  it("is true when only ?view differs", () => {
    expect(onlyViewChanged(url("/podcast"), url("/podcast?view=list"))).toBe(true);
    expect(onlyViewChanged(url("/fr/podcast?view=list"), url("/fr/podcast?view=grid"))).toBe(true);
    expect(onlyViewChanged(url("/podcast?a=1&b=2&view=list"), url("/podcast?b=2&a=1"))).toBe(true);
  });

  it("is false for another path or another parameter", () => {
    expect(onlyViewChanged(url("/podcast"), url("/es/podcast"))).toBe(false);
    expect(onlyViewChanged(url("/podcast?view=list"), url("/podcast?view=list&page=2"))).toBe(false);
  });
});
