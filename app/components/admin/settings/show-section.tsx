import { TextAreaField } from "~/components/ui/form-field";
import type { SettingsFormValues } from "~/modules/settings/settings-view";
import { SectionForm, useSection, Wide } from "./section-form";
import { SettingField, useSectionWords } from "./setting-field";

function CategorySelect({ stored, categories }: { stored: string; categories: readonly string[] }) {
  const words = useSectionWords("show");
  const { error, value } = useSection();
  const problem = error("category");
  return (
    <div>
      <label htmlFor="setting-category" className="font-semibold">
        {words("category")}
      </label>
      <select
        id="setting-category"
        name="category"
        defaultValue={value("category", stored)}
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? "setting-category-error" : undefined}
        className={`mt-1 min-h-11 w-full rounded-xl border bg-white px-4 py-2.5 text-base ${problem ? "border-alert" : "border-line"}`}
      >
        {categories.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </select>
      {problem && (
        <p id="setting-category-error" className="mt-1 text-sm font-medium text-alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function ShowFields({ values, categories }: { values: SettingsFormValues["show"]; categories: readonly string[] }) {
  const words = useSectionWords("show");
  const { error, value } = useSection();
  return (
    <>
      <SettingField kind="text" name="title" label={words("showTitle")} stored={values.title} />
      <SettingField kind="text" name="author" label={words("author")} stored={values.author} />
      <SettingField kind="email" name="ownerEmail" label={words("ownerEmail")} stored={values.ownerEmail} className="md:col-span-2" />
      <CategorySelect stored={values.category} categories={categories} />
      <label className="flex min-h-11 items-center gap-3 self-end font-semibold">
        <input type="checkbox" name="explicit" defaultChecked={values.explicit} className="size-5 accent-forest-700" />
        {words("explicit")}
      </label>
      <Wide>
        <TextAreaField
          id="setting-hostBio"
          name="hostBio"
          label={words("hostBio")}
          rows={5}
          defaultValue={value("hostBio", values.hostBio)}
          error={error("hostBio")}
        />
      </Wide>
    </>
  );
}

/** The show as the podcast feed describes it. */
export function ShowSection({ values, categories, fallback }: { values: SettingsFormValues["show"]; categories: readonly string[]; fallback: unknown }) {
  return (
    <SectionForm intent="show" fallback={fallback}>
      <ShowFields values={values} categories={categories} />
    </SectionForm>
  );
}
