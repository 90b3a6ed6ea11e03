import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Progress } from "./progress";

describe("Progress", () => {
  it("has a maximum of 100 unless told otherwise", () => {
    const html = renderToStaticMarkup(<Progress value={25} label="Site launch" />);
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuemax="100"');
    expect(html).toContain('aria-valuenow="25"');
    expect(html).toContain("translateX(-75%)");
  });

  it("keeps the value inside 0…max", () => {
    const html = renderToStaticMarkup(<Progress value={250} max={200} label="Upload" />);
    expect(html).toContain('aria-valuemax="200"');
    expect(html).toContain('aria-valuenow="200"');
  });
});
