import { Download } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/lib/use-hydrated";
import { buttonClass } from "~/components/ui/button-styles";
import { FilePicker } from "~/components/ui/file-picker";
import { FormField, TextAreaField } from "~/components/ui/form-field";
import { failureStatus, sendResumable } from "~/components/ui/resumable-upload";
import { showToast } from "~/components/ui/toast";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { parseInput } from "~/lib/form-input";
import { refusalIn } from "~/lib/route-policies";
import { MAX_GENERAL_UPLOAD_BYTES } from "~/lib/upload-limits";
import { BOOK_LIMITS, bookFieldsSchema, type BookAnswer, type PdfProblem } from "~/modules/shop/book-form";
import type { ManageView } from "~/modules/shop/manage-view";
import { SecureCoverForm } from "./secure-cover-form";
import { UploadProgress } from "./upload-progress";
import { VideoAdminPanel } from "./video-admin-panel";

type Messages = Partial<Record<"bookTitle" | "authorName" | "bookDescription" | "pdfFile", string>>;
type T = (key: string, options?: Record<string, unknown>) => string;

const PDF_RULES = { accept: [".pdf", "application/pdf"], maxSize: MAX_GENERAL_UPLOAD_BYTES, minSize: 1, maxFiles: 1 as const };

const PDF_MESSAGES: Record<string, string> = { required: "pdfRequired", type: "pdfType", tooLarge: "pdfTooLarge", name: "pdfName", unreadable: "pdfUnreadable", tooHeavy: "pdfTooHeavy", missing: "pdfMissing" } satisfies Record<PdfProblem, string>;

/** The book form's and the general upload's messages, translated. */
function messagesFor(t: T, errors: Partial<Record<keyof Messages, string>>): Messages {
  const messages: Messages = {};
  if (errors.bookTitle) messages.bookTitle = t(errors.bookTitle === "required" ? "manage.errors.titleRequired" : "manage.errors.tooLong", { max: BOOK_LIMITS.title });
  if (errors.authorName) messages.authorName = t(errors.authorName === "required" ? "manage.errors.authorRequired" : "manage.errors.tooLong", { max: BOOK_LIMITS.author });
  if (errors.bookDescription) messages.bookDescription = t("manage.errors.tooLong", { max: BOOK_LIMITS.description });
  if (errors.pdfFile) messages.pdfFile = t(`manage.errors.${PDF_MESSAGES[errors.pdfFile]}`);
  return messages;
}

/**
 * 'Admin Content Management': the book upload form, then the trailer video. Title and author are
 * required, the description optional, 'Published' off by default, and one PDF, required until a book
 * exists. The PDF goes first, resumably, with a progress bar; the server checks it, draws the cover
 * from its first page and keeps the file private (the download link below is signed and expires).
 */
export default function BookAdminCard({ manage }: { manage: ManageView }) {
  const { t } = useTranslation("shop");
  const { book, video } = manage;
  const fetcher = useFetcher<BookAnswer>();
  const [file, setFile] = useState<File | null>(null);
  const [messages, setMessages] = useState<Messages>({});
  const [percent, setPercent] = useState<number | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const sent = useRef<{ file: File; uploadId: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failed = () => void showToast("error", t("manage.toasts.error"), { description: t("manage.toasts.failed") });

  useFetcherAnswer(fetcher, (answer) => {
    setPercent(null);
    setConfirmClear(false);
    if (answer.ok) {
      void showToast("success", t(answer.done === "saved" ? "manage.toasts.saved" : "manage.toasts.cleared"));
      setFile(null);
      sent.current = null;
      setMessages({});
      if (answer.done === "cleared") formRef.current?.reset();
      return;
    }
    if (refusalIn(answer)) setMessages({ pdfFile: t("manage.errors.refused") });
    else if (answer.errors) setMessages(messagesFor(t, answer.errors));
    if (answer.errors?.pdfFile) sent.current = null;
    failed();
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = parseInput(bookFieldsSchema, form);
    const errors = checked.ok ? {} : checked.errors;
    const found = messagesFor(t, { ...errors, ...(!file && !book ? { pdfFile: "required" as const } : {}) });
    setMessages(found);
    if (Object.keys(found).length > 0) return;
    let uploadId = "";
    if (file) {
      if (sent.current?.file !== file) {
        setPercent(0);
        try {
          const id = await sendResumable(file, ({ sent: done, total }) => setPercent(total ? Math.floor((done / total) * 100) : 0), new AbortController().signal, "book");
          sent.current = { file, uploadId: id };
        } catch (error) {
          setPercent(null);
          setMessages({ pdfFile: failureStatus(error) === 413 ? t("manage.errors.pdfTooLarge") : t("manage.toasts.failed") });
          failed();
          return;
        }
      }
      uploadId = sent.current.uploadId;
    }
    form.set("intent", "saveBook");
    form.set("uploadId", uploadId);
    form.delete("pdfFile");
    void fetcher.submit(form, { method: "post" });
  }

  // The upload needs JavaScript: until it runs, the form cannot be sent.
  const hydrated = useHydrated();
  const busy = !hydrated || percent !== null || fetcher.state !== "idle";
  return (
    <section aria-labelledby="content-management-title" className="rounded-2xl border-2 border-forest-700/30 bg-white p-6 sm:p-8">
      <h2 id="content-management-title" className="text-2xl font-semibold">
        {t("manage.title")}
      </h2>
      <p className="mt-2 text-muted">{t("manage.text")}</p>
      {book && (
        <div className="mt-5 flex flex-wrap items-center gap-3 rounded-xl bg-sand px-4 py-3">
          <span className="min-w-0 flex-1">
            {t("manage.current", { name: book.pdfName, size: (book.pdfSize / (1024 * 1024)).toFixed(1) })} · {book.published ? t("manage.isPublished") : t("manage.isDraft")}
          </span>
          <a href={book.downloadUrl} className={buttonClass({ variant: "outline", size: "sm" })}>
            <Download aria-hidden="true" className="size-4" />
            {t("manage.download")}
          </a>
        </div>
      )}
      <form ref={formRef} noValidate onSubmit={submit} className="mt-6 grid gap-5 md:grid-cols-2">
        <FormField id="book-title" name="bookTitle" label={t("manage.bookTitle")} defaultValue={book?.title} error={messages.bookTitle} disabled={busy} />
        <FormField id="book-author" name="authorName" label={t("manage.authorName")} defaultValue={book?.author} error={messages.authorName} disabled={busy} />
        <TextAreaField
          id="book-description"
          name="bookDescription"
          label={t("manage.bookDescription")}
          rows={3}
          defaultValue={book?.description}
          error={messages.bookDescription}
          disabled={busy}
          className="md:col-span-2"
        />
        <div className="md:col-span-2">
          <FilePicker
            label={t("manage.pdfFile")}
            hint={book ? t("manage.pdfHintReplace") : t("manage.pdfHint")}
            rules={PDF_RULES}
            file={file}
            onFile={setFile}
            error={messages.pdfFile ?? null}
            onError={(message) => setMessages((current) => ({ ...current, pdfFile: message ?? undefined }))}
            disabled={busy}
            messages={{ type: t("manage.errors.pdfType"), tooLarge: t("manage.errors.pdfTooLarge") }}
          />
        </div>
        <label className="flex items-center gap-3 font-semibold md:col-span-2">
          <input type="checkbox" name="isPublished" defaultChecked={book?.published ?? false} disabled={busy} className="size-5 accent-forest-700" />
          {t("manage.isPublishedLabel")}
        </label>
        <UploadProgress percent={percent} className="md:col-span-2" />
        <div className="flex flex-wrap items-center justify-end gap-3 md:col-span-2">
          {book &&
            (confirmClear ? (
              <>
                <span className="text-sm font-medium text-alert">{t("manage.clearConfirmText")}</span>
                <button type="button" onClick={() => setConfirmClear(false)} className={buttonClass({ variant: "ghost" })}>
                  {t("manage.cancel")}
                </button>
                <button type="button" disabled={busy} onClick={() => void fetcher.submit({ intent: "clearBook" }, { method: "post" })} className={buttonClass({ variant: "danger" })}>
                  {t("manage.clearConfirm")}
                </button>
              </>
            ) : (
              <button type="button" disabled={busy} onClick={() => setConfirmClear(true)} className={buttonClass({ variant: "outline" })}>
                {t("manage.clear")}
              </button>
            ))}
          <button type="submit" disabled={busy} className={buttonClass({ variant: "primary" })}>
            {busy ? t("manage.saving") : t("manage.save")}
          </button>
        </div>
      </form>
      <SecureCoverForm hydrated={hydrated} />
      <VideoAdminPanel video={video} hydrated={hydrated} />
    </section>
  );
}
