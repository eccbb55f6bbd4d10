/**
 * scripts/vite-router-tree-shaking.ts: React Router's unused components are left out of the build.
 * The rewrite is checked on a sample and on the router module installed here, and the build in dist/
 * (when there is one; `npm test` builds first) is checked to have left `<Form>` out.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chunkFile, FRAMEWORK_CHUNK } from "../../scripts/chunk-names";
import { rewriteRouterModule } from "../../scripts/vite-router-tree-shaking";

const SAMPLE = [
  "var DataRouterContext = React.createContext(null);",
  'DataRouterContext.displayName = "DataRouter";',
  "var Link = React10.forwardRef(",
  "  function LinkWithRef(props, ref) {",
  '    FetcherForm2.displayName = "fetcher.Form";',
  "    return null;",
  "  }",
  ");",
  'Link.displayName = "Link";',
  "var Memo = React3.memo(Inner);",
  "var ok = useThing(Link);",
].join("\n");

describe("rewriteRouterModule", () => {
  it("marks the top-level component factories pure and drops their display names, line for line", () => {
    const result = rewriteRouterModule(SAMPLE);
    const lines = result.code.split("\n");
    expect(lines).toHaveLength(SAMPLE.split("\n").length);
    expect(lines[0]).toBe("var DataRouterContext = /* @__PURE__ */ React.createContext(null);");
    expect(lines[1]).toBe("");
    expect(lines[2]).toBe("var Link = /* @__PURE__ */ React10.forwardRef(");
    expect(lines[8]).toBe("");
    expect(lines[9]).toBe("var Memo = /* @__PURE__ */ React3.memo(Inner);");
    expect(result).toMatchObject({ pureCalls: 3, displayNames: 2 });
  });

  it("leaves code inside functions and other calls as they were", () => {
    const lines = rewriteRouterModule(SAMPLE).code.split("\n");
    expect(lines[4]).toBe('    FetcherForm2.displayName = "fetcher.Form";');
    expect(lines[10]).toBe("var ok = useThing(Link);");
  });

  it("finds the shape it relies on in the React Router installed here", () => {
    // Where vite.config.ts's alias takes the router's production build from.
    const production = join(process.cwd(), "node_modules", "react-router", "dist", "production");
    const modules = readdirSync(production).filter((name) => name.endsWith(".mjs"));
    const rewritten = modules.map((name) => {
      const source = readFileSync(join(production, name), "utf8");
      return { name, source, ...rewriteRouterModule(source) };
    });
    const withComponents = rewritten.find((module) => /\nvar Form = React\d*\.forwardRef\(/.test(module.source));
    expect(withComponents, "no production module defines <Form> as this plugin expects").toBeDefined();
    expect(withComponents!.pureCalls).toBeGreaterThanOrEqual(3);
    expect(withComponents!.displayNames).toBeGreaterThanOrEqual(3);
    expect(withComponents!.code).not.toMatch(/^Form\.displayName = /m);
  });
});

const ASSETS = join(process.cwd(), "dist", "assets");
const framework = existsSync(ASSETS)
  ? readdirSync(ASSETS).find((name) => chunkFile(FRAMEWORK_CHUNK).test(name))
  : undefined;

describe.skipIf(!framework && !process.env.CI)("the built framework chunk", () => {
  it("keeps the router's hooks the pages use and leaves out <Form> and its submission code", () => {
    expect(framework, "dist/assets has no framework chunk: run `npm run build`").toBeDefined();
    const code = readFileSync(join(ASSETS, framework!), "utf8");
    // Hook names survive minification in the strings their checks and messages name.
    expect(code).toContain("useNavigate");
    expect(code).toContain("useHref");
    expect(code).not.toContain("useSubmit");
    expect(code).not.toContain("useFormAction");
    expect(code).not.toContain("Cannot submit");
  });
});
