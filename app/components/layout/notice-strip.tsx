import type { LucideIcon } from "lucide-react";
import { Link } from "~/components/ui/link";
import { cn } from "~/components/lib/cn";

/** A one-line announcement across the page with a link, on a dark or a gold band. */
export function NoticeStrip({ Icon, text, linkText, to, tone }: { Icon: LucideIcon; text: string; linkText: string; to: string; tone: "dark" | "gold" }) {
  return (
    <div className={cn(tone === "dark" ? "bg-ink text-white" : "border-b border-gold-400/60 bg-gold-300/40")}>
      <p className="mx-auto flex max-w-wide flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm sm:px-6">
        <Icon aria-hidden="true" className={cn("size-4", tone === "dark" ? "text-gold-300" : "text-gold-700")} />
        <span>{text}</span>
        <Link to={to} className={cn("font-semibold underline", tone === "dark" ? "text-gold-300" : "text-ink")}>
          {linkText}
        </Link>
      </p>
    </div>
  );
}
