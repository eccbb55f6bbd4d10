import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from "react";
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from "react-router-dom";

/**
 * The site's links: React Router's navigation (its `useHref` and `useLinkClickHandler`, which its own
 * `<Link>` is built on) without the rest of its `<Link>`. That one also carries framework mode's
 * prefetching (`<PrefetchPageLinks>`, route-module and data-URL helpers), view-transition state and
 * URL masking, all reached from its render, so a bundler keeps them on every page although this
 * site, in declarative mode, uses none of them: 2-3 KB gzipped of every page's script. A click
 * navigates as React Router's does: an unmodified primary click on a link without a target
 * navigates in the app, and a press with Ctrl, Cmd, Shift or Alt, or a link with a target, is left
 * to the browser. An absolute URL is a plain link.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  /** Replace the current entry in the history instead of adding one. */
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (React Router's `preventScrollReset`). */
  preventScrollReset?: boolean;
  /** Let the browser load the page instead of navigating in the app. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

export function Link({ to, replace, state, preventScrollReset, reloadDocument, target, onClick, ...rest }: LinkProps) {
  const absolute = typeof to === "string" && ABSOLUTE_URL.test(to);
  const href = useHref(absolute ? "." : to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(absolute ? "." : to, {
    replace,
    state,
    target,
    preventScrollReset,
  });

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented && !absolute && !reloadDocument) navigate(event);
  }

  return <a {...rest} href={absolute ? (to as string) : href} target={target} onClick={handleClick} />;
}

interface NavLinkState {
  isActive: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, "className" | "children"> {
  /** Active only on this exact path, not below it (for `/`). */
  end?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
}

/**
 * A link that knows whether it points at the current page or a page below it, as React Router's
 * `<NavLink>` does (paths compared without case, `end` for an exact match): `aria-current="page"`
 * and the `isActive` its class name and children may depend on.
 */
export function NavLink({ to, end = false, className, children, ...rest }: NavLinkProps) {
  const current = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  // A page below: the target's path, then a slash (a target written with a trailing slash has it already).
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === "/");
  const state = { isActive };
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className(state) : className}
    >
      {typeof children === "function" ? children(state) : children}
    </Link>
  );
}
