import { Check, ChevronDown } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocation, useNavigate } from "react-router";
import { rememberLanguageChoice } from "~/i18n/language-choice";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/i18n/languages";
import { switchLanguagePath } from "~/i18n/paths";
import { useLanguage } from "~/i18n/root-data";
import { HoverIntent } from "~/components/lib/hover-intent";
import { cn } from "~/components/lib/cn";
import { FlagIcon } from "./flag-icon";
import { useMenuKeyboard } from "~/components/ui/menu-keyboard";

/** The link that switches language; the server keeps the choice in a cookie, so it works without JavaScript. */
export function languageSwitchHref(language: Language, currentPath: string): string {
  return `/language?${new URLSearchParams({ lang: language, to: currentPath })}`;
}

/**
 * Flags and names of the four languages in a menu button (WAI-ARIA menu pattern). Opens on click or
 * keyboard, and on hover after a short rest (submenu timings). Choosing one keeps the choice
 * and opens the same page in it. Hand-written rather than a menu library: it is on every page, and
 * the library and its positioning engine weighed ~30 KB of gzip JavaScript (ADR 022).
 */
export function LanguagePicker({ align = "end", onDark = false }: { align?: "start" | "end"; onDark?: boolean }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const intent = useMemo(() => new HoverIntent(setOpen), []);
  useEffect(() => () => intent.cancel(), [intent]);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const labelId = useId();
  const keyboard = useMenuKeyboard({ open, setOpen, triggerRef, menuRef });
  const currentPath = location.pathname + location.search;

  useEffect(() => {
    if (!open) return;
    // In the mobile menu's panel the list can open below the fold.
    menuRef.current?.scrollIntoView?.({ block: "nearest" });
    const closeOnOutsidePointer = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePointer);
  }, [open]);

  const hover = {
    onPointerEnter: (event: PointerEvent) => event.pointerType === "mouse" && intent.enter(),
    onPointerLeave: (event: PointerEvent) => event.pointerType === "mouse" && intent.leave(),
  };

  return (
    <div ref={rootRef} className="relative inline-block" {...hover}>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t("language.current", { language: LANGUAGE_NAMES[current] })}
        onClick={() => {
          intent.cancel();
          setOpen(!open);
        }}
        onKeyDown={(event: KeyboardEvent) => keyboard.onTriggerKeyDown(event)}
        className={cn(
          "inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-medium",
          onDark ? "text-white hover:bg-white/10" : "text-ink hover:bg-sand",
        )}
      >
        <FlagIcon language={current} />
        <span className="uppercase">{current}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={labelId}
          onKeyDown={keyboard.onMenuKeyDown}
          className={cn(
            "absolute top-full z-50 mt-1.5 min-w-48 rounded-xl border border-line bg-paper p-1.5 shadow-lg",
            align === "end" ? "right-0" : "left-0",
          )}
        >
          <p id={labelId} className="px-3 py-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
            {t("language.choose")}
          </p>
          {LANGUAGES.map((language) => (
            <a
              key={language}
              role="menuitem"
              tabIndex={-1}
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
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-[0.95rem] text-ink outline-none hover:bg-sand focus-visible:bg-sand focus-visible:ring-2 focus-visible:ring-forest-700"
            >
              <FlagIcon language={language} />
              <span className="flex-1">{LANGUAGE_NAMES[language]}</span>
              {language === current && <Check aria-hidden="true" className="size-4 text-forest-700" />}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
