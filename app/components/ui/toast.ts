import type { ExternalToast } from "sonner";

let resolveReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/** Called by the Toaster once it listens; toasts asked for earlier wait for it instead of vanishing. */
export function markToasterReady(): void {
  resolveReady();
}

export type ToastKind = "success" | "error" | "info";

/** Shows a toast; the toast library is fetched on first use, so pages do not carry it up front. */
export async function showToast(kind: ToastKind, message: string, options?: ExternalToast): Promise<void> {
  const [{ toast }] = await Promise.all([import("sonner"), toasterReady]);
  toast[kind](message, options);
}
