import { TextAreaField } from "~/components/ui/form-field";
import { SectionForm, useSection, Wide } from "./section-form";
import { SettingField, useSectionWords } from "./setting-field";
import type { SettingsFormValues } from "~/modules/settings/settings-view";

/** The home page's promo figures and the newsletter's subscriber claim. */
export function NumbersSection({ values, fallback }: { values: SettingsFormValues["numbers"]; fallback: unknown }) {
  const words = useSectionWords("numbers");
  return (
    <SectionForm intent="numbers" fallback={fallback}>
      <SettingField kind="count" name="movements" label={words("movements")} stored={values.movements} />
      <SettingField kind="count" name="countries" label={words("countries")} stored={values.countries} />
      <SettingField kind="count" name="subscriberClaim" label={words("subscriberClaim")} stored={values.subscriberClaim} />
    </SectionForm>
  );
}

/** The purchase link, the tip jar and monthly support. */
export function LinksSection({ values, fallback }: { values: SettingsFormValues["links"]; fallback: unknown }) {
  const words = useSectionWords("links");
  return (
    <SectionForm intent="links" fallback={fallback}>
      <SettingField kind="url" name="purchaseUrl" label={words("purchaseUrl")} stored={values.purchaseUrl} className="md:col-span-2" />
      <SettingField kind="url" name="tipUrl" label={words("tipUrl")} stored={values.tipUrl} />
      <SettingField kind="url" name="monthlyUrl" label={words("monthlyUrl")} stored={values.monthlyUrl} />
    </SectionForm>
  );
}

/** The footer's social buttons. */
export function SocialSection({ values, fallback }: { values: SettingsFormValues["social"]; fallback: unknown }) {
  const words = useSectionWords("social");
  return (
    <SectionForm intent="social" fallback={fallback}>
      {(["facebook", "twitter", "instagram", "youtube"] as const).map((name) => (
        <SettingField key={name} kind="url" name={name} label={words(name)} stored={values[name]} />
      ))}
    </SectionForm>
  );
}

/** The footer of newsletter issues: the sender line and the postal address. */
export function NewsletterSection({ values, fallback }: { values: SettingsFormValues["newsletter"]; fallback: unknown }) {
  return (
    <SectionForm intent="newsletter" fallback={fallback}>
      <NewsletterFields values={values} />
    </SectionForm>
  );
}

function NewsletterFields({ values }: { values: SettingsFormValues["newsletter"] }) {
  const words = useSectionWords("newsletter");
  const { error, value } = useSection();
  return (
    <>
      <SettingField kind="text" name="senderLine" label={words("senderLine")} hint={words("senderLineHint")} stored={values.senderLine} className="md:col-span-2" />
      <Wide>
        <TextAreaField id="setting-postalAddress" name="postalAddress" label={words("postalAddress")} rows={3} defaultValue={value("postalAddress", values.postalAddress)} error={error("postalAddress")} />
      </Wide>
      <Wide>
        <label className="flex min-h-11 items-start gap-3">
          <input type="checkbox" name="countClicks" defaultChecked={values.countClicks} className="mt-0.5 size-5 accent-forest-700" />
          <span>
            <span className="block font-semibold">{words("countClicks")}</span>
            <span className="block text-sm text-muted">{words("countClicksHint")}</span>
          </span>
        </label>
      </Wide>
    </>
  );
}
