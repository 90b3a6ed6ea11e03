import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button-styles";
import { FilePicker } from "~/components/ui/file-picker";
import { failureStatus, sendResumable } from "~/components/ui/resumable-upload";
import { showToast } from "~/components/ui/toast";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { refusalIn } from "~/lib/route-policies";
import { MAX_VIDEO_UPLOAD_BYTES } from "~/lib/upload-limits";
import type { VideoAnswer, VideoProblem } from "~/modules/shop/video-form";
import type { Video } from "~/modules/shop/video.server";
import { UploadProgress } from "./upload-progress";

/** The video as the owner manages it: its public link instead of its storage key. */
export type ManagedVideo = Omit<Video, "key"> & { url: string };

const VIDEO_RULES = { accept: [".mp4", ".webm", ".ogg", ".ogv", "video/mp4", "video/webm", "video/ogg"], maxSize: MAX_VIDEO_UPLOAD_BYTES, minSize: 1, maxFiles: 1 as const };
const PROBLEM_KEYS: Record<VideoProblem, string> = { type: "videoType", tooLarge: "videoTooLarge", name: "videoName", missing: "videoMissing", none: "noVideo" };

/**
 * The trailer video: MP4, WebM or Ogg under 200 MB, sent
 * resumably with a progress bar, previewed, removable; 'Save to Shop' shows it to visitors. A preview
 * the browser cannot play gives the 'Video Compatibility Issue' toast.
 */
export function VideoAdminPanel({ video, hydrated }: { video: ManagedVideo | null; hydrated: boolean }) {
  const { t } = useTranslation("shop");
  const fetcher = useFetcher<VideoAnswer>();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const fail = (message: string) => {
    setError(message);
    void showToast("error", t("manage.toasts.error"), { description: message });
  };

  useFetcherAnswer(fetcher, (answer) => {
    setPercent(null);
    if (answer.ok) {
      setFile(null);
      setError(null);
      void showToast("success", t(`manage.video.done.${answer.done}`));
    } else {
      const problem = answer.errors?.video;
      fail(problem ? t(`manage.errors.${PROBLEM_KEYS[problem]}`) : refusalIn(answer) ? t("manage.errors.refused") : t("manage.toasts.failed"));
    }
  });

  async function upload() {
    if (!file) return fail(t("manage.errors.noVideo"));
    setPercent(0);
    try {
      const uploadId = await sendResumable(file, ({ sent, total }) => setPercent(total ? Math.floor((sent / total) * 100) : 0), new AbortController().signal, "video");
      void fetcher.submit({ intent: "saveVideo", uploadId }, { method: "post" });
    } catch (failure) {
      setPercent(null);
      fail(failureStatus(failure) === 413 ? t("manage.errors.videoTooLarge") : t("manage.toasts.failed"));
    }
  }

  const busy = !hydrated || percent !== null || fetcher.state !== "idle";
  return (
    <div className="mt-10 border-t border-line pt-8">
      <h3 className="text-xl font-semibold">{t("manage.video.title")}</h3>
      <p className="mt-1 text-muted">{t("manage.video.text")}</p>
      {video && (
        <div className="mt-5">
          <video key={video.url} controls preload="metadata" className="aspect-video w-full max-w-2xl rounded-xl bg-ink" onError={() => void showToast("error", t("manage.video.incompatible"), { description: t("manage.video.incompatibleText") })}>
            <source src={video.url} type={video.type} />
          </video>
          <p className="mt-2 text-sm text-muted">
            {t("manage.video.current", { name: video.name, size: (video.size / (1024 * 1024)).toFixed(1) })} · {video.published ? t("manage.isPublished") : t("manage.video.draft")}
          </p>
        </div>
      )}
      <div className="mt-5 max-w-2xl">
        <FilePicker
          label={t("manage.video.file")}
          hint={t("manage.video.hint")}
          rules={VIDEO_RULES}
          file={file}
          onFile={setFile}
          error={error}
          onError={setError}
          disabled={busy}
          messages={{ type: t("manage.errors.videoType"), tooLarge: t("manage.errors.videoTooLarge") }}
        />
      </div>
      <UploadProgress percent={percent} className="mt-4 max-w-2xl" />
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="button" disabled={busy || !file} onClick={() => void upload()} className={buttonClass({ variant: "outline" })}>
          {percent !== null ? t("manage.video.uploading") : t("manage.video.upload")}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => (video ? void fetcher.submit({ intent: "publishVideo" }, { method: "post" }) : fail(t("manage.errors.noVideo")))}
          className={buttonClass({ variant: "primary" })}
        >
          {t("manage.video.saveToShop")}
        </button>
        {video && (
          <button type="button" disabled={busy} onClick={() => void fetcher.submit({ intent: "removeVideo" }, { method: "post" })} className={buttonClass({ variant: "ghost" })}>
            {t("manage.video.remove")}
          </button>
        )}
      </div>
    </div>
  );
}
