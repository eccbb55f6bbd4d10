import type { Plugin } from "vite";

/**
 * Lets the bundler drop the parts of React Router a page never uses.
 *
 * React Router 7's production build defines its components at the top of one large module as
 * `var Form = React10.forwardRef(...)` followed by `Form.displayName = "Form"`. Neither call is
 * annotated as pure, and the second statement writes to the component, so a bundler must keep both
 * as side effects, and with them everything the component reaches: `<Form>`, `useSubmit`, the form
 * submission helpers and `useFormAction` shipped in every page's framework chunk although nothing
 * here renders a `<Form>` (upstream: remix-run/react-router#15299, open). No option of the bundler
 * does this: `treeshake.manualPureFunctions` sees the call only after the CommonJS React namespace is
 * rewritten, and a write to a property stays a side effect unless every write in every module is
 * declared free of them (`propertyWriteSideEffects: false`).
 *
 * This plugin rewrites the router's production modules only, as the bundler reads them:
 *   - a top-level `var X = ReactN.forwardRef(` / `.memo(` / `.createContext(` gets `/* @__PURE__ *\/`;
 *   - a top-level `X.displayName = "...";` goes. It names the component in React's developer tools,
 *     which read the development build (the dev server and Vitest use that one, untouched).
 * Everything a page uses stays, with the same code. The build fails if the module no longer has the
 * shape this relies on, rather than quietly shipping the unused code again.
 */
const ROUTER_PRODUCTION_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
const TOP_LEVEL_FACTORY_CALL = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;
const TOP_LEVEL_DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

export interface RouterRewrite {
  code: string;
  pureCalls: number;
  displayNames: number;
}

/** The rewrite itself, on one module's source. */
export function rewriteRouterModule(code: string): RouterRewrite {
  let pureCalls = 0;
  let displayNames = 0;
  const rewritten = code
    .replace(TOP_LEVEL_FACTORY_CALL, (_match, declaration: string, call: string) => {
      pureCalls += 1;
      return `${declaration}/* @__PURE__ */ ${call}`;
    })
    .replace(TOP_LEVEL_DISPLAY_NAME, () => {
      displayNames += 1;
      return "";
    });
  return { code: rewritten, pureCalls, displayNames };
}

export function routerTreeShaking(): Plugin {
  let rewrittenModules = 0;
  return {
    name: "router-tree-shaking",
    apply: "build",
    transform: {
      filter: { id: ROUTER_PRODUCTION_MODULE },
      handler(code, id) {
        if (!ROUTER_PRODUCTION_MODULE.test(id)) return null;
        const result = rewriteRouterModule(code);
        if (result.pureCalls === 0 && result.displayNames === 0) return null;
        if (/\bforwardRef\(/.test(result.code) && result.pureCalls === 0)
          this.error(`${id}: React Router's components are no longer declared as this plugin expects.`);
        rewrittenModules += 1;
        // Lines stay where they were (a removed statement leaves its line empty), so the module's
        // source map still holds: `map: null` keeps it.
        return { code: result.code, map: null };
      },
    },
    buildEnd(error) {
      // The router's components live in one of its production modules; a build that bundled the
      // router and rewrote none of them means the router's layout changed under this plugin.
      if (error) return;
      const routerBundled = [...this.getModuleIds()].some((id) => ROUTER_PRODUCTION_MODULE.test(id));
      if (routerBundled && rewrittenModules === 0)
        this.error("React Router's production build no longer has the top-level components this plugin rewrites.");
    },
  };
}
