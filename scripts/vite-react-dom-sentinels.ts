import type { Plugin } from "vite";

/**
 * Takes about 130 ms off every page's start in Lighthouse at the low-tier phone's slowdown.
 *
 * React DOM's production client makes five errors as its module loads, never to report them: markers
 * it throws and catches by identity (`SuspenseException`, `SuspenseyCommitException`,
 * `SuspenseActionException`, `SelectiveHydrationException`, `HydrationMismatchException`). Making an
 * Error records the stack. When the DevTools protocol's Runtime domain is on (Lighthouse and
 * PageSpeed Insights, Playwright, an open DevTools), V8 records it in detail, with lines and columns,
 * so it works out the source positions of every function on the stack, and one of them is the
 * function that holds all of React DOM (the bundler wraps the CommonJS module in one). V8 parses all
 * of it again to do so. Measured in Chromium 156 on `/` at 14x CPU slowdown, traced: the entry's
 * evaluation took 158-201 ms, 108-134 ms of it `V8.CollectSourcePositions`; with the five made
 * without recording a stack, 42-48 ms. Started without the protocol, Chromium does no such work
 * (the entry's evaluation 2.7 ms unslowed): visitors never paid this, the measurements did.
 *
 * So the markers are made as objects with Error's prototype and React's message, without a stack:
 * `instanceof Error` and `.message` read as before, and React compares them by identity only. The
 * rewrite touches React DOM's production client alone (the dev server and Vitest use the development
 * build), line for line, and the build fails if the module no longer makes them as this expects.
 */
const REACT_DOM_CLIENT_PRODUCTION = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;
/** A module-level declaration of one marker: `var X = Error(formatProdErrorMessage(460)),` or `  X = …;`. */
const MODULE_LEVEL_MARKER = /^(var | {2})([\w$]+) = Error\((formatProdErrorMessage\(\d+\))\)([,;])$/gm;

export interface SentinelRewrite {
  code: string;
  /** The markers rewritten, by name. */
  names: string[];
}

/** The rewrite itself, on the module's source. */
export function rewriteReactDomSentinels(code: string): SentinelRewrite {
  const names: string[] = [];
  const rewritten = code.replace(
    MODULE_LEVEL_MARKER,
    (_match, lead: string, name: string, message: string, end: string) => {
      names.push(name);
      return `${lead}${name} = Object.create(Error.prototype, { message: { value: ${message}, writable: !0, configurable: !0 } })${end}`;
    },
  );
  return { code: rewritten, names };
}

export function reactDomSentinels(): Plugin {
  return {
    name: "react-dom-sentinels",
    apply: "build",
    transform: {
      filter: { id: REACT_DOM_CLIENT_PRODUCTION },
      handler(code, id) {
        if (!REACT_DOM_CLIENT_PRODUCTION.test(id)) return null;
        const result = rewriteReactDomSentinels(code);
        if (!result.names.includes("SuspenseException"))
          this.error(`${id}: React DOM no longer makes its markers as this plugin expects.`);
        // Every line stays where it was, so the module's source map still holds.
        return { code: result.code, map: null };
      },
    },
  };
}
