import { lazy, Suspense, useEffect } from "react";
import { useHydrated } from "~/components/lib/use-hydrated";
import { TOAST_DURATION_MS, TOAST_VISIBLE_LIMIT } from "~/components/lib/ui-constants";
import { markToasterReady } from "./toast";

// Toasts only follow an action, so their code loads after the page has hydrated (ADR 022).
const SonnerToaster = lazy(async () => {
  const { Toaster: Sonner } = await import("sonner");
  function ReadyToaster() {
    // Effects run child first: by now Sonner listens, and toasts sent from here on are shown.
    useEffect(markToasterReady, []);
    return (
      <Sonner visibleToasts={TOAST_VISIBLE_LIMIT} duration={TOAST_DURATION_MS} position="bottom-center" richColors closeButton />
    );
  }
  return { default: ReadyToaster };
});

/** One toast at a time, each shown for five seconds. */
export function Toaster() {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
