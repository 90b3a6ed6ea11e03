import * as ProgressPrimitive from "@radix-ui/react-progress";
import { cn } from "~/components/lib/cn";
import { PROGRESS_DEFAULT_MAX } from "~/components/lib/ui-constants";

interface ProgressProps {
  value: number;
  max?: number;
  label: string;
  className?: string;
  /** The filled part; gold reads better than green on dark surfaces. */
  indicatorClassName?: string;
}

/** A progress bar whose maximum is 100 unless told otherwise. */
export function Progress({ value, max = PROGRESS_DEFAULT_MAX, label, className, indicatorClassName = "bg-forest-700" }: ProgressProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={max}
      aria-label={label}
      className={cn("relative h-3 w-full overflow-hidden rounded-full bg-sand", className)}
    >
      <ProgressPrimitive.Indicator
        className={cn("h-full transition-transform duration-500", indicatorClassName)}
        style={{ transform: `translateX(-${100 - (clamped / max) * 100}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
