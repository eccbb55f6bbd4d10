import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
// React Router's own Link and NavLink: the behaviour the site's are checked against.
// eslint-disable-next-line no-restricted-imports
import { Link as RouterLink, NavLink as RouterNavLink } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { Link, NavLink } from "./Link";

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

function at(path: string, element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={element} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const location = () => screen.getByRole("status", { name: "location" }).textContent;

describe("Link", () => {
  it("resolves its href as React Router's Link does", () => {
    const targets = [
      "/services",
      "../category/crm?page=2#top",
      "?page=3",
      "#faq",
      ".",
      "post-1",
      { pathname: "/blog", search: "?q=ads" },
    ];
    render(
      <MemoryRouter initialEntries={["/blog/tag/whatsapp?page=2"]}>
        <Routes>
          <Route
            path="/blog/tag/:tag"
            element={targets.map((to, index) => (
              <p key={index}>
                <Link to={to}>{`ours ${index}`}</Link>
                <RouterLink to={to}>{`router ${index}`}</RouterLink>
              </p>
            ))}
          />
        </Routes>
      </MemoryRouter>,
    );
    targets.forEach((_to, index) => {
      const expected = screen.getByRole("link", { name: `router ${index}` }).getAttribute("href");
      expect(screen.getByRole("link", { name: `ours ${index}` })).toHaveAttribute("href", expected);
    });
  });

  it("navigates in the app on a click", async () => {
    at("/", <Link to="/blog/category/crm?page=2#top">CRM articles</Link>);
    await userEvent.click(screen.getByRole("link", { name: "CRM articles" }));
    expect(location()).toBe("/blog/category/crm?page=2#top");
  });

  it("leaves a modified click, a link with a target and a reloadDocument link to the browser", () => {
    at(
      "/",
      <>
        <Link to="/services">Services</Link>
        <Link to="/portfolio" target="_blank">
          Portfolio
        </Link>
        <Link to="/contact" reloadDocument>
          Contact
        </Link>
      </>,
    );
    for (const modifier of ["ctrlKey", "metaKey", "shiftKey", "altKey"] as const) {
      const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, [modifier]: true });
      screen.getByRole("link", { name: "Services" }).dispatchEvent(event);
      expect(event.defaultPrevented, modifier).toBe(false);
    }
    expect(fireEvent.click(screen.getByRole("link", { name: "Portfolio" }))).toBe(true);
    expect(fireEvent.click(screen.getByRole("link", { name: "Contact" }))).toBe(true);
    expect(location()).toBe("/");
    // A plain click is the app's: the browser's default is prevented.
    expect(fireEvent.click(screen.getByRole("link", { name: "Services" }))).toBe(false);
    expect(location()).toBe("/services");
  });

  it("calls its onClick first, and a handler that prevents the default keeps the visitor where they are", async () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    at(
      "/",
      <Link to="/book" onClick={onClick}>
        Book a call
      </Link>,
    );
    await userEvent.click(screen.getByRole("link", { name: "Book a call" }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(location()).toBe("/");
  });

  it("renders an absolute URL as a plain link the app does not intercept", () => {
    at("/", <Link to="https://forms.example.com/intake">Intake form</Link>);
    const link = screen.getByRole("link", { name: "Intake form" });
    expect(link).toHaveAttribute("href", "https://forms.example.com/intake");
    expect(fireEvent.click(link)).toBe(true);
    expect(location()).toBe("/");
  });

  it("replaces the history entry when asked, and passes its props and ref to the anchor", async () => {
    const ref = { current: null as HTMLAnchorElement | null };
    at(
      "/",
      <Link to="/faq" replace className="underline" aria-describedby="hint" ref={ref}>
        FAQ
      </Link>,
    );
    const link = screen.getByRole("link", { name: "FAQ" });
    expect(link).toHaveClass("underline");
    expect(link).toHaveAttribute("aria-describedby", "hint");
    expect(ref.current).toBe(link);
    await userEvent.click(link);
    expect(location()).toBe("/faq");
  });
});

describe("NavLink", () => {
  function Nav() {
    return (
      <nav>
        <NavLink to="/" end className={({ isActive }) => (isActive ? "on" : "off")}>
          Home
        </NavLink>
        <NavLink to="/blog">{({ isActive }) => (isActive ? "Blog (here)" : "Blog")}</NavLink>
        <NavLink to="/blog/" className="plain">
          Blog with a slash
        </NavLink>
        <NavLink to="/admin/leads" end>
          Leads
        </NavLink>
      </nav>
    );
  }

  it("marks the current page, and a page below it unless `end` asks for the exact path", () => {
    at("/Blog/some-post", <Nav />);
    expect(screen.getByRole("link", { name: "Blog (here)" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Blog with a slash" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Blog with a slash" })).toHaveClass("plain");
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "Home" })).toHaveClass("off");
  });

  it("marks `/` only on the home page, and an `end` link only on its own path", () => {
    at("/", <Nav />);
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Home" })).toHaveClass("on");
    expect(screen.getByRole("link", { name: "Blog" })).not.toHaveAttribute("aria-current");
  });

  it("does not take a path that only starts with the same letters for a page below", async () => {
    at("/admin/leads/42", <Nav />);
    expect(screen.getByRole("link", { name: "Leads" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "Blog" })).not.toHaveAttribute("aria-current");
    await userEvent.click(screen.getByRole("link", { name: "Leads" }));
    expect(screen.getByRole("link", { name: "Leads" })).toHaveAttribute("aria-current", "page");
  });

  it("is not active on /blogging for a link to /blog", () => {
    at("/blogging", <Nav />);
    expect(screen.getByRole("link", { name: "Blog" })).not.toHaveAttribute("aria-current");
  });

  it("agrees with React Router's NavLink on every path", () => {
    const links = ["/", "/blog", "/blog/", "/admin/leads", "/Admin"];
    for (const path of ["/", "/blog", "/BLOG/x", "/blog/", "/blogging", "/admin/leads", "/admin/leads/7", "/admin"]) {
      for (const end of [false, true]) {
        const { unmount } = at(
          path,
          links.map((to) => (
            <p key={to}>
              <NavLink to={to} end={end}>{`ours ${to}`}</NavLink>
              <RouterNavLink to={to} end={end}>{`router ${to}`}</RouterNavLink>
            </p>
          )),
        );
        for (const to of links) {
          const expected = screen.getByRole("link", { name: `router ${to}` }).getAttribute("aria-current");
          expect(
            screen.getByRole("link", { name: `ours ${to}` }).getAttribute("aria-current"),
            `${to} at ${path}, end ${end}`,
          ).toBe(expected);
        }
        unmount();
      }
    }
  });
});
