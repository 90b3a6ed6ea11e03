import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

/** How long after the last keystroke the text is saved. */
const AUTOSAVE_DELAY_MS = 3_000;

export type AutosaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" | "kept"; at: string } | { kind: "invalid" | "failed" };

type Answer = { ok: true; done?: string; at?: string } | { ok: false; errors?: Record<string, string> };

/**
 * Saves the form a moment after typing stops, through a fetcher (the page does not reload). A draft
 * is saved; for an article readers see, the server keeps the text as a revision only ("kept").
 * `onSaved` is told when the text is saved for real.
 */
export function useAutosave(form: React.RefObject<HTMLFormElement | null>, enabled: boolean, onSaved: () => void) {
  const fetcher = useFetcher<Answer>();
  const [state, setState] = useState<AutosaveState>({ kind: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  const changed = useCallback(() => {
    if (!enabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!form.current) return;
      const data = new FormData(form.current);
      data.set("intent", "autosave");
      setState({ kind: "saving" });
      void fetcher.submit(data, { method: "post" });
    }, AUTOSAVE_DELAY_MS);
  }, [enabled, fetcher, form]);

  const cancel = useCallback(() => clearTimeout(timer.current), []);
  useEffect(() => cancel, [cancel]);

  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer) return;
    if (answer.ok) {
      const at = new Date(answer.at ?? Date.now()).toLocaleTimeString();
      setState({ kind: answer.done === "kept" ? "kept" : "saved", at });
      if (answer.done !== "kept") saved.current();
    } else setState({ kind: answer.errors?.form === "failed" ? "failed" : "invalid" });
  }, [answer, fetcher.state]);

  return { state, changed, cancel };
}
