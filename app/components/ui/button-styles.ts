import { cn } from "~/components/lib/cn";

type Variant = "primary" | "accent" | "outline" | "ghost" | "onDark" | "danger";
type Size = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60";

const variants: Record<Variant, string> = {
  primary: "bg-forest-700 text-white hover:bg-forest-900",
  accent: "bg-gold-400 text-ink hover:bg-gold-300",
  outline: "border border-ink/25 text-ink hover:bg-sand",
  ghost: "text-ink hover:bg-sand",
  onDark: "border border-white/30 text-white hover:bg-white/10",
  danger: "bg-alert text-white hover:brightness-90",
};

const sizes: Record<Size, string> = {
  sm: "min-h-9 px-4 text-sm",
  md: "min-h-11 px-5 text-[0.95rem]",
  lg: "min-h-12 px-7 text-base",
};

/** Class names for anything that looks like a button: buttons, links and form submits alike. */
export function buttonClass({
  variant = "primary",
  size = "md",
  className,
}: { variant?: Variant; size?: Size; className?: string } = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}
