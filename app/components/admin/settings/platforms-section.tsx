import { FormField } from "~/components/ui/form-field";
import type { SettingsFormValues } from "~/modules/settings/settings-view";
import { SectionForm, useSection, Wide } from "./section-form";
import { SettingField, useSectionWords } from "./setting-field";

/** Rows for other platforms: those stored, one empty row to add another, at least three and at most six. */
const MIN_ROWS = 3;
const MAX_ROWS = 6;

function OtherRow({ index, name, url }: { index: number; name: string; url: string }) {
  const words = useSectionWords("platforms");
  const { error, value } = useSection();
  const problem = error(`other${index}`);
  const number = index + 1;
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
      <FormField
        id={`setting-other-name-${index}`}
        name="otherName"
        label={words("otherName", { number })}
        defaultValue={value("otherName", name, index)}
        maxLength={40}
      />
      <FormField
        id={`setting-other-url-${index}`}
        name="otherUrl"
        label={words("otherUrl", { number })}
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={value("otherUrl", url, index)}
        error={problem}
      />
    </div>
  );
}

function OtherPlatforms({ others }: { others: SettingsFormValues["platforms"]["others"] }) {
  const words = useSectionWords("platforms");
  const { error } = useSection();
  const rows = Math.min(MAX_ROWS, Math.max(MIN_ROWS, others.length + 1));
  return (
    <Wide>
      <h3 className="text-lg font-semibold">{words("othersTitle")}</h3>
      <p className="mt-1 text-sm text-muted">{words("othersText")}</p>
      {error("others") && <p className="mt-2 text-sm font-medium text-alert">{error("others")}</p>}
      <div className="mt-4 flex flex-col gap-5">
        {Array.from({ length: rows }, (_, index) => (
          <OtherRow key={index} index={index} name={others[index]?.name ?? ""} url={others[index]?.url ?? ""} />
        ))}
      </div>
    </Wide>
  );
}

/** The show's pages on Apple Podcasts, Spotify and YouTube Music, and the other platforms the owner adds. */
export function PlatformsSection({ values, fallback }: { values: SettingsFormValues["platforms"]; fallback: unknown }) {
  const words = useSectionWords("platforms");
  return (
    <SectionForm intent="platforms" fallback={fallback}>
      <SettingField kind="url" name="apple" label={words("apple")} stored={values.apple} />
      <SettingField kind="url" name="spotify" label={words("spotify")} stored={values.spotify} />
      <SettingField kind="url" name="youtubeMusic" label={words("youtubeMusic")} stored={values.youtubeMusic} />
      <OtherPlatforms others={values.others} />
    </SectionForm>
  );
}
