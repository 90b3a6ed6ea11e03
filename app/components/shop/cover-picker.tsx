import { useTranslation } from "~/i18n/use-translation";
import { FilePicker } from "~/components/ui/file-picker";
import { MAX_GENERAL_UPLOAD_BYTES } from "~/lib/upload-limits";
import type { useCoverUpload } from "./use-cover-upload";

export const IMAGE_RULES = { accept: [".jpg", ".jpeg", ".png", "image/jpeg", "image/png"], maxSize: MAX_GENERAL_UPLOAD_BYTES, minSize: 1, maxFiles: 1 as const };

/** A cover panel's image field: JPEG or PNG, with the panel's own limit and words for a refusal. */
export function CoverPicker({
  cover,
  hint,
  disabled,
  maxSize = IMAGE_RULES.maxSize,
  messages,
}: {
  cover: ReturnType<typeof useCoverUpload>;
  hint: string;
  disabled: boolean;
  maxSize?: number;
  messages: { type?: string; tooLarge: string };
}) {
  const { t } = useTranslation("shop");
  return (
    <FilePicker
      label={t("manage.cover.file")}
      hint={hint}
      rules={{ ...IMAGE_RULES, maxSize }}
      file={cover.file}
      onFile={cover.setFile}
      error={cover.error}
      onError={cover.setError}
      disabled={disabled}
      messages={messages}
    />
  );
}
