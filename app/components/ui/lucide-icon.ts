import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

interface IconData {
  name: string;
  size?: number;
  aliases?: string[];
  node: ReadonlyArray<readonly [string, Record<string, string>]>;
}

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string; children?: ReactNode };

/** lucide's rule: an icon that names itself for assistive technology is not hidden from it. */
const labelled = (props: object) => Object.entries(props).some(([prop, value]) => (prop.startsWith("aria-") || prop === "role" || prop === "title") && value != null);

/**
 * lucide-react's `createLucideIcon`, as its icon files call it, cut to what the site uses: the same
 * SVG with the same attributes and classes, without its provider and stroke options, which cost every
 * page ~1 KB of gzip. vite.config.ts puts it in place of lucide's own for the build (server and
 * browser alike, so hydration sees the same markup); `npm run dev` keeps lucide's.
 */
export default function createLucideIcon(icon: IconData) {
  return forwardRef<SVGSVGElement, IconProps>(({ className, size = 24, width = size, height = size, strokeWidth = 2, color = "currentColor", children, ...rest }, ref) =>
    createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width,
        height,
        viewBox: `0 0 ${icon.size ?? 24} ${icon.size ?? 24}`,
        fill: "none",
        stroke: color,
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...new Set(["lucide", `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`), ...(className ?? "").split(/\s+/)])].filter(Boolean).join(" "),
        ...(children || labelled(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    ),
  );
}
