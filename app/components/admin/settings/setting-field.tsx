import type { InputHTMLAttributes } from "react";
import { FormField } from "~/components/ui/form-field";
import { useTranslation } from "~/i18n/use-translation";
import { useSection } from "./section-form";

type Kind = "url" | "count" | "money" | "text" | "email";

const INPUTS: Record<Kind, InputHTMLAttributes<HTMLInputElement>> = {
  url: {
    type: "url",
    inputMode: "url",
    autoComplete: "url",
    placeholder: "https://",
  },
  count: { type: "text", inputMode: "numeric" },
  money: { type: "text", inputMode: "decimal" },
  text: { type: "text" },
  email: { type: "email", inputMode: "email", autoComplete: "email" },
};

/** A labelled field of a settings section, showing its stored value and the problem the last save found. */
export function SettingField({
  name,
  label,
  stored,
  kind,
  hint,
  className,
}: {
  name: string;
  label: string;
  stored: string;
  kind: Kind;
  hint?: string;
  className?: string;
}) {
  const { error, value } = useSection();
  return (
    <FormField
      id={`setting-${name}`}
      name={name}
      label={label}
      hint={hint}
      defaultValue={value(name, stored)}
      error={error(name)}
      className={className}
      {...INPUTS[kind]}
    />
  );
}

/** The settings page's words for a field of a section: `settings.<section>.<name>`. */
export function useSectionWords(section: string) {
  const { t } = useTranslation("dashboard");
  return (name: string, options?: Record<string, unknown>) => t(`settings.${section}.${name}`, options);
}
