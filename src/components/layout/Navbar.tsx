import { Menu, X } from "lucide-react";
import { memo, useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { useLocation } from "react-router-dom";
import { Link, NavLink } from "../ui/Link";
import { navItems, site } from "../../content/site";
import { cn } from "../../lib/cn";
import { useTaskEffect } from "../../lib/use-task-effect";
import { IntakeFormLink } from "../ui/Button";
import { Logo } from "./Logo";

/** Pixels of vertical scroll after which the bar gains its shadow (spec section 9). */
export const NAV_SHADOW_THRESHOLD = 10;

export function Navbar() {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // In a task of its own after the commit (src/lib/use-task-effect.ts): the first read of scrollY
  // lays the page out, which in hydration's effects was that task's.
  useTaskEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > NAV_SHADOW_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // A route change (including the browser's back button) closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled || menuOpen ? "true" : "false"}
      className={cn(
        "fixed inset-x-0 top-0 z-50 bg-white transition-shadow duration-300",
        scrolled || menuOpen ? "shadow-[0_6px_24px_-12px_rgba(28,24,74,0.35)]" : "shadow-none",
      )}
    >
      <nav aria-label="Main" className="mx-auto flex h-nav max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <HomeLink />

        <DesktopLinks />

        <div className="flex items-center gap-3">
          <GetStarted />
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-50 focus-ring md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
          </button>
        </div>
      </nav>

      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-100 bg-white md:hidden">
        <MenuLinks setMenuOpen={setMenuOpen} />
      </div>
    </header>
  );
}

/*
 * What the menu button does not change is memoized: its tap re-renders the bar, the button and the
 * menu's `hidden`, not the links (nine NavLinks, each reading the router). With them, React's part of
 * the tap's click task was most of it at the low-tier phone's slowdown.
 */

const HomeLink = memo(function HomeLink() {
  return (
    <Link to="/" className="rounded-lg focus-ring">
      <Logo />
      {/* The name is the visible wordmark plus "home", so the spoken name starts with what is seen. */}{" "}
      <span className="sr-only">home</span>
    </Link>
  );
});

const DesktopLinks = memo(function DesktopLinks() {
  return (
    <ul className="hidden items-center gap-8 md:flex">
      {navItems.map((item) => (
        <li key={item.path}>
          <NavItemLink path={item.path} name={item.name} />
        </li>
      ))}
    </ul>
  );
});

const GetStarted = memo(function GetStarted() {
  return (
    <span className="hidden sm:block">
      <IntakeFormLink size="sm">{site.getStarted}</IntakeFormLink>
    </span>
  );
});

/** The mobile menu's links; picking one closes the menu. */
const MenuLinks = memo(function MenuLinks({ setMenuOpen }: { setMenuOpen: Dispatch<SetStateAction<boolean>> }) {
  return (
    <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 sm:px-6">
      {navItems.map((item) => (
        <li key={item.path}>
          <NavLink
            to={item.path}
            end={item.path === "/"}
            onClick={() => setMenuOpen(false)}
            className={({ isActive }) =>
              cn(
                "block rounded-xl px-4 py-3 text-base font-semibold focus-ring",
                isActive ? "bg-brand-50 text-brand-800" : "text-ink hover:bg-slate-50",
              )
            }
          >
            {item.name}
          </NavLink>
        </li>
      ))}
      <li className="px-1 pt-2">
        <IntakeFormLink className="w-full" onClick={() => setMenuOpen(false)}>
          {site.getStarted}
        </IntakeFormLink>
      </li>
    </ul>
  );
});

function NavItemLink({ path, name }: { path: string; name: string }) {
  return (
    <NavLink
      to={path}
      end={path === "/"}
      className={({ isActive }) =>
        cn(
          "relative py-2 text-[15px] font-semibold transition-colors focus-ring rounded",
          "after:absolute after:inset-x-0 after:-bottom-0.5 after:h-0.5 after:origin-left after:rounded-full after:bg-brand-600 after:transition-transform after:duration-300 motion-reduce:after:transition-none",
          isActive
            ? "text-brand-800 after:scale-x-100"
            : "text-ink-muted hover:text-ink after:scale-x-0 hover:after:scale-x-50",
        )
      }
    >
      {name}
    </NavLink>
  );
}
