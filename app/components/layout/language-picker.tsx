import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check, ChevronDown } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { rememberLanguageChoice } from "~/i18n/language-choice";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/i18n/languages";
import { switchLanguagePath } from "~/i18n/paths";
import { useLanguage } from "~/i18n/root-data";
import { HoverIntent } from "~/lib/hover-intent";
import { cn } from "~/lib/cn";
import { FlagIcon } from "./flag-icon";

/** The link that switches language; the server keeps the choice in a cookie, so it works without JavaScript. */
export function languageSwitchHref(language: Language, currentPath: string): string {
  return `/language?${new URLSearchParams({ lang: language, to: currentPath })}`;
}

/**
 * Flags and names of the four languages. Opens on click or keyboard, and on hover after a short
 * rest (spec §9 submenu timings). Choosing one keeps the choice and opens the same page in it.
 */
export function LanguagePicker({ align = "end", onDark = false }: { align?: "start" | "end"; onDark?: boolean }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const intent = useMemo(() => new HoverIntent(setOpen), []);
  useEffect(() => () => intent.cancel(), [intent]);
  const currentPath = location.pathname + location.search;
  const hover = {
    onPointerEnter: (event: React.PointerEvent) => event.pointerType === "mouse" && intent.enter(),
    onPointerLeave: (event: React.PointerEvent) => event.pointerType === "mouse" && intent.leave(),
  };

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger
        {...hover}
        aria-label={t("language.current", { language: LANGUAGE_NAMES[current] })}
        className={cn(
          "inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-medium",
          onDark ? "text-white hover:bg-white/10" : "text-ink hover:bg-sand",
        )}
      >
        <FlagIcon language={current} />
        <span className="uppercase">{current}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          {...hover}
          align={align}
          sideOffset={6}
          className="z-50 min-w-48 rounded-xl border border-line bg-paper p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
            {t("language.choose")}
          </DropdownMenu.Label>
          {LANGUAGES.map((language) => (
            <DropdownMenu.Item key={language} asChild>
              <a
                href={languageSwitchHref(language, currentPath)}
                hrefLang={language}
                lang={language}
                aria-current={language === current ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  rememberLanguageChoice(language);
                  setOpen(false);
                  navigate(switchLanguagePath(currentPath, language));
                }}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-[0.95rem] text-ink outline-none data-[highlighted]:bg-sand"
              >
                <FlagIcon language={language} />
                <span className="flex-1">{LANGUAGE_NAMES[language]}</span>
                {language === current && <Check aria-hidden="true" className="size-4 text-forest-700" />}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
