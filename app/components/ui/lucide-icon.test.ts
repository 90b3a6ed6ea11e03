import { createLucideIcon as lucidesOwn } from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon";

/** Two icons as lucide's icon files describe them: "menu", and one with an alias (its class is added too). */
const ICONS = [
  { name: "menu", size: 24, node: [["path", { d: "M4 5h16", key: "1tepv9" }], ["path", { d: "M4 12h16", key: "1lakjw" }]] as const },
  { name: "alarm-clock-check", size: 24, aliases: ["alarm-check"], node: [["circle", { cx: "12", cy: "13", r: "8", key: "3y4lt7" }]] as const },
];

describe("the build's icons", () => {
  // The build renders icons with lucide-icon.ts, `npm run dev` with lucide's own: the same SVG either way.
  it.each([
    { "aria-hidden": "true", className: "size-4 text-forest-700" },
    { className: "a  b a" },
    { "aria-label": "Menu", role: "img" },
    { title: "Menu" },
    { size: 16, strokeWidth: 1.5, color: "red" },
    {},
  ])("render as lucide's with %o", (props) => {
    for (const icon of ICONS) {
      const data = { ...icon, node: icon.node.map(([tag, attributes]) => [tag, { ...attributes }] as [string, Record<string, string>]) };
      const render = (Icon: ComponentType<object>) => renderToStaticMarkup(createElement(Icon, props));
      expect(render(createLucideIcon(data) as ComponentType<object>)).toBe(render(lucidesOwn(data) as ComponentType<object>));
    }
  });
});
