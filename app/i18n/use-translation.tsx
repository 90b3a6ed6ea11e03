import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import { createTranslator, type Resources, type Translate } from "./translator";

interface Strings {
  language: Language;
  resources: Resources;
}

const StringsContext = createContext<Strings>({ language: DEFAULT_LANGUAGE, resources: {} });

/** Gives the page's language and strings (the shell's and the matched routes' namespaces) to `useTranslation`. */
export function TranslationProvider({ language, resources, children }: Strings & { children: ReactNode }) {
  const value = useMemo(() => ({ language, resources }), [language, resources]);
  return <StringsContext.Provider value={value}>{children}</StringsContext.Provider>;
}

/** `t` for a component; keys without a `namespace:` prefix are read in `namespace` ("common" if none). */
export function useTranslation(namespace = "common"): { t: Translate } {
  const { language, resources } = useContext(StringsContext);
  return useMemo(() => ({ t: createTranslator(language, resources, namespace) }), [language, resources, namespace]);
}
