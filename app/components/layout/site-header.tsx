import { ShoppingCart } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link, NavLink } from "~/components/ui/link";
import { useCart } from "~/components/shop/cart-store";
import { buttonClass } from "~/components/ui/button-styles";
import { useLocalize } from "~/i18n/root-data";
import { LanguagePicker } from "./language-picker";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { HEADER_LINKS, navLinkClass } from "./nav-items";

/** The site header: the same links as the mobile menu, the current page highlighted. */
export function SiteHeader() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const itemCount = useCart().reduce((sum, line) => sum + line.quantity, 0);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-wide items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label={t("menu.primary")} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map((item) => (
              <li key={item.path}>
                <NavLink to={localize(item.path)} end className={navLinkClass} prefetch="intent">
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <div className="hidden lg:block">
            <LanguagePicker />
          </div>
          <Link
            to={localize("/cart")}
            aria-label={itemCount ? t("cart.withCount", { count: itemCount }) : t("cart.label")}
            className="relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-sand"
          >
            <ShoppingCart aria-hidden="true" className="size-5" />
            {itemCount > 0 && (
              <span aria-hidden="true" className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-forest-700 px-1 text-xs font-bold text-white">
                {itemCount}
              </span>
            )}
          </Link>
          <div className="hidden sm:block">
            <Link to={localize("/subscribe")} className={buttonClass({ variant: "primary", size: "sm" })}>
              {t("nav:subscribe")}
            </Link>
          </div>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
