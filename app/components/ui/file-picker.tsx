import { FileUp, X } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { cn } from "~/components/lib/cn";
import { checkDrop, type DropRejection, type DropRules } from "~/components/lib/file-drop";

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** The four rejections of `app/components/lib/file-drop.ts` in the reader's language; a type rejection names the extensions. */
export function rejectionMessage(t: (key: string, options?: Record<string, unknown>) => string, rejection: DropRejection, accept: string[]): string {
  switch (rejection.code) {
    case "type":
      return t("common:filePicker.dropType", { accept: accept.filter((rule) => rule.startsWith(".")).join(", ") || rejection.accept });
    case "tooLarge":
      return t("common:filePicker.dropTooLarge", { bytes: rejection.bytes });
    case "tooSmall":
      return t("common:filePicker.dropTooSmall", { bytes: rejection.bytes });
    case "tooMany":
      return t("common:filePicker.dropTooMany");
  }
}

interface FilePickerProps {
  label: string;
  hint: string;
  rules: DropRules & { maxFiles?: 1 };
  file: File | null;
  onFile: (file: File | null) => void;
  /** Shown under the field, whoever found the problem (this picker, the form, the server). */
  error: string | null;
  onError: (message: string | null) => void;
  disabled: boolean;
  /** A flow's own wording for a rejection (the book form's 'Invalid file type. Only PDF files are allowed.'). */
  messages?: Partial<Record<DropRejection["code"], string>>;
}

/**
 * One file, chosen with a picker or dropped on the field, with the acceptance rules of `app/components/lib/file-drop.ts` (junk
 * files of the operating system are ignored). The server checks the bytes again.
 */
export function FilePicker({ label, hint, rules, file, onFile, error, onError, disabled, messages = {} }: FilePickerProps) {
  const { t } = useTranslation("common");
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const take = (files: File[]) => {
    const { accepted, rejection } = checkDrop(files, rules);
    if (rejection) {
      onError(messages[rejection.code] ?? rejectionMessage(t, rejection, rules.accept));
      return;
    }
    if (accepted[0]) {
      onError(null);
      onFile(accepted[0]);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take([...event.dataTransfer.files]);
  };
  return (
    <div>
      <span id={`${id}-label`} className="font-semibold">
        {label}
      </span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "mt-1 flex flex-wrap items-center gap-3 rounded-xl border-2 border-dashed bg-white px-4 py-4",
          dragging ? "border-forest-700 bg-forest-100" : error ? "border-alert" : "border-line",
        )}
      >
        <FileUp aria-hidden="true" className="size-6 text-muted" />
        {file ? (
          <>
            <span className="min-w-0 flex-1 truncate">{t("filePicker.chosen", { name: file.name, size: megabytes(file.size) })}</span>
            <button type="button" disabled={disabled} onClick={() => onFile(null)} aria-label={t("filePicker.removeFile")} className={buttonClass({ variant: "ghost", size: "sm", className: "px-2" })}>
              <X aria-hidden="true" className="size-4" />
            </button>
          </>
        ) : (
          <>
            <label htmlFor={id} className={buttonClass({ variant: "outline", size: "sm", className: "cursor-pointer focus-within:ring-2" })}>
              {t("filePicker.chooseFile")}
            </label>
            <span className="text-muted">{t("filePicker.dropHere")}</span>
          </>
        )}
        <input
          id={id}
          type="file"
          accept={rules.accept.join(",")}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={Boolean(error)}
          className="sr-only"
          onChange={(event) => {
            take([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-alert">
          {error}
        </p>
      )}
    </div>
  );
}
