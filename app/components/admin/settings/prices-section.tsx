import { FormField } from "~/components/ui/form-field";
import type { PriceFormValues } from "~/modules/shop/prices.server";
import { SectionForm, useSection, Wide } from "./section-form";
import { SettingField, useSectionWords } from "./setting-field";

/** A merchandise item's price, sent as merchSlug/merchPrice pairs; its problem is under `merch-<slug>`. */
function MerchPrice({ slug, title, price, index }: { slug: string; title: string; price: string; index: number }) {
  const words = useSectionWords("prices");
  const { error, value } = useSection();
  return (
    <div>
      <input type="hidden" name="merchSlug" value={slug} />
      <FormField
        id={`setting-merch-${slug}`}
        name="merchPrice"
        inputMode="decimal"
        label={words("merchPrice", { name: title })}
        defaultValue={value("merchPrice", price, index)}
        error={error(`merch-${slug}`)}
      />
    </div>
  );
}

/** The e-book's price, old price and 'Limited Time Offer', and each merchandise item's price. */
export function PricesSection({ values, fallback }: { values: PriceFormValues; fallback: unknown }) {
  const words = useSectionWords("prices");
  return (
    <SectionForm intent="prices" fallback={fallback}>
      <SettingField kind="money" name="bookPrice" label={words("bookPrice")} stored={values.bookPrice} />
      <SettingField kind="money" name="bookOldPrice" label={words("bookOldPrice")} hint={words("bookOldPriceHint")} stored={values.bookOldPrice} />
      <Wide>
        <label className="flex min-h-11 items-center gap-3 font-semibold">
          <input type="checkbox" name="limitedOffer" defaultChecked={values.limitedOffer} className="size-5 accent-forest-700" />
          {words("limitedOffer")}
        </label>
      </Wide>
      {values.merch.length > 0 && (
        <Wide>
          <h3 className="text-lg font-semibold">{words("merchTitle")}</h3>
        </Wide>
      )}
      {values.merch.map((item, index) => (
        <MerchPrice key={item.slug} index={index} {...item} />
      ))}
    </SectionForm>
  );
}
