import { Toaster as SonnerToaster } from "sonner";
import { TOAST_DURATION_MS, TOAST_VISIBLE_LIMIT } from "~/lib/ui-constants";

/** One toast at a time, each shown for five seconds (spec §9). */
export function Toaster() {
  return (
    <SonnerToaster
      visibleToasts={TOAST_VISIBLE_LIMIT}
      duration={TOAST_DURATION_MS}
      position="bottom-center"
      richColors
      closeButton
    />
  );
}
