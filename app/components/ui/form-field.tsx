import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "~/components/lib/cn";

/** A labelled input with its hint and error, wired for screen readers (aria-invalid, aria-describedby). */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: { id: string; label: string; error?: string | undefined; hint?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={described}
        className={cn("mt-1 w-full rounded-xl border bg-white px-4 py-2.5 text-base", error ? "border-alert" : "border-line")}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled multi-line field with its error, wired like FormField. */
export function TextAreaField({ id, label, error, className, ...textarea }: { id: string; label: string; error?: string | undefined } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn("mt-1 w-full rounded-xl border bg-white px-4 py-2.5 text-base", error ? "border-alert" : "border-line")}
        {...textarea}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A message above a form: an error (role=alert) or a confirmation (role=status). */
export function FormNotice({ kind, children }: { kind: "error" | "success"; children: string }) {
  return kind === "error" ? (
    <p role="alert" className="rounded-xl border border-alert bg-white px-5 py-4 font-medium text-alert">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-xl border border-forest-700 bg-forest-100 px-5 py-4 font-medium text-forest-900">
      {children}
    </p>
  );
}
