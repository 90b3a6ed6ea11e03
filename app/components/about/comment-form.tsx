import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { cn } from "~/components/lib/cn";
import { COMMENT_LIMITS } from "~/modules/comments/limits";

export interface CommentFormResult {
  ok: boolean;
  errors?: Partial<Record<"name" | "comment" | "terms" | "form", string>>;
  values?: { name: string; comment: string };
}

const limits = { name: COMMENT_LIMITS.name, comment: COMMENT_LIMITS.body };

/** Name, comment and the terms checkbox. A plain POST, so it works before (or without) JavaScript. */
export function CommentForm({ result }: { result: CommentFormResult | undefined }) {
  const { t } = useTranslation("about");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "comment";
  const errors = result?.errors ?? {};
  const message = (field: keyof typeof errors) =>
    errors[field] ? (
      <p id={`comment-${field}-error`} className="mt-1 text-sm font-medium text-alert">
        {t(`comments.${errors[field]}`, { max: field === "name" ? limits.name : limits.comment })}
      </p>
    ) : null;
  const field = "mt-1 w-full rounded-xl border bg-white px-4 py-2.5 text-base";
  if (result?.ok) {
    return (
      <p role="status" className="rounded-xl border border-forest-700 bg-forest-100 px-5 py-4 font-medium text-forest-900">
        {t("comments.thanks")}
      </p>
    );
  }
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="comment" />
      <div>
        <label htmlFor="comment-name" className="font-semibold">
          {t("comments.name")}
        </label>
        <input
          id="comment-name"
          name="name"
          defaultValue={result?.values?.name}
          maxLength={limits.name}
          required
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? "comment-name-error" : undefined}
          className={cn(field, errors.name ? "border-alert" : "border-line")}
        />
        {message("name")}
      </div>
      <div>
        <label htmlFor="comment-body" className="font-semibold">
          {t("comments.comment")}
        </label>
        <textarea
          id="comment-body"
          name="comment"
          rows={5}
          defaultValue={result?.values?.comment}
          required
          aria-invalid={Boolean(errors.comment)}
          aria-describedby={errors.comment ? "comment-comment-error" : undefined}
          className={cn(field, errors.comment ? "border-alert" : "border-line")}
        />
        {message("comment")}
      </div>
      <div>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="terms"
            required
            aria-invalid={Boolean(errors.terms)}
            aria-describedby={errors.terms ? "comment-terms-error" : undefined}
            className="mt-1 size-5 accent-forest-700"
          />
          <span>{t("comments.terms")}</span>
        </label>
        {message("terms")}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-alert">
          {t(`comments.${errors.form}`)}
        </p>
      )}
      <button type="submit" disabled={submitting} className={buttonClass({ className: "self-start" })}>
        {submitting ? t("comments.submitting") : t("comments.submit")}
      </button>
    </Form>
  );
}
