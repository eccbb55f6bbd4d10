/**
 * scripts/vercel-routes.ts, the model of Vercel's routing that `npm run verify:vercel` compares with
 * `vite preview`, on a build output shaped like the one `vercel build` writes for this project.
 */
import { describe, expect, it } from "vitest";
import { routeVercel, type BuildOutput } from "../../scripts/vercel-routes";

const output: BuildOutput = {
  routes: [
    { src: "^/(?:(.+)/)?index(?:\\.html)?/?$", headers: { Location: "/$1" }, status: 308 },
    { src: "^/(.*)\\.html/?$", headers: { Location: "/$1" }, status: 308 },
    { src: "^/(.*)/$", headers: { Location: "/$1" }, status: 308 },
    { src: "^(?:/(.*))$", headers: { "X-Frame-Options": "DENY" }, continue: true },
    { src: "^/admin(?:/(.*))$", headers: { "Cache-Control": "no-store" }, continue: true },
    { handle: "filesystem" },
    { src: "^/blog(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?$", dest: "/api/blog?__path=%2Fblog%2F$1", check: true },
    { src: "^/admin(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?$", dest: "/spa-shell.html?path=$1", check: true },
    { src: "^/api(/.*)?$", status: 404 },
    { handle: "error" },
    { status: 404, src: "^(?!/api).*$", dest: "/404" },
  ],
  overrides: {
    "index.html": { path: "index" },
    "contact/index.html": { path: "contact/index" },
    "404.html": { path: "404" },
    "spa-shell.html": { path: "spa-shell" },
  },
  staticFiles: new Set([
    "index.html",
    "contact/index.html",
    "404.html",
    "spa-shell.html",
    "assets/app.js",
    "robots.txt",
  ]),
  functions: new Set(["api/blog", "api/contact"]),
};

describe("routeVercel", () => {
  it("serves prerendered pages at their clean URLs, and files as they are, with the headers of every route", () => {
    expect(routeVercel(output, "/")).toEqual({
      served: { kind: "static", file: "index.html", status: 200 },
      headers: { "X-Frame-Options": "DENY" },
    });
    expect(routeVercel(output, "/contact").served).toEqual({ kind: "static", file: "contact/index.html", status: 200 });
    expect(routeVercel(output, "/assets/app.js").served).toEqual({
      kind: "static",
      file: "assets/app.js",
      status: 200,
    });
  });

  it("redirects index, .html and trailing-slash addresses", () => {
    expect(routeVercel(output, "/contact/").served).toEqual({ kind: "redirect", status: 308, location: "/contact" });
    expect(routeVercel(output, "/contact/index.html").served).toEqual({
      kind: "redirect",
      status: 308,
      location: "/contact",
    });
  });

  it("rewrites to a function with the captured path in its query, merged with the request's", () => {
    expect(routeVercel(output, "/blog/a-post?ref=x").served).toEqual({
      kind: "function",
      name: "api/blog",
      query: { __path: "/blog/a-post", ref: "x" },
    });
    expect(routeVercel(output, "/api/contact").served).toEqual({ kind: "function", name: "api/contact", query: {} });
  });

  it("sends the admin area to the shell with its own headers", () => {
    expect(routeVercel(output, "/admin/leads")).toEqual({
      served: { kind: "static", file: "spa-shell.html", status: 200 },
      headers: { "X-Frame-Options": "DENY", "Cache-Control": "no-store" },
    });
  });

  it("answers unknown paths with the not-found page and a 404, and unknown functions with a bare 404", () => {
    expect(routeVercel(output, "/nope").served).toEqual({ kind: "static", file: "404.html", status: 404 });
    expect(routeVercel(output, "/api/nope").served).toEqual({ kind: "status", status: 404 });
  });

  it("refuses routes it does not model rather than guessing", () => {
    const withHas = {
      ...output,
      routes: [{ src: "^/x$", dest: "/y", has: [{ type: "header", key: "x" }] } as never, ...output.routes],
    };
    expect(() => routeVercel(withHas, "/")).toThrow(/has, which scripts\/vercel-routes.ts does not model/);
    expect(() => routeVercel({ ...output, routes: [{ handle: "miss" }] }, "/")).toThrow(/handle 'miss'/);
  });
});
