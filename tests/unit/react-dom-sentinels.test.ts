/**
 * scripts/vite-react-dom-sentinels.ts: React DOM's markers are made without recording a stack. The
 * rewrite is checked on a sample, on the React DOM installed here, and (when dist/ has a build;
 * `npm test` builds first) in the built React DOM chunk.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chunkFile, REACT_DOM_CHUNK } from "../../scripts/chunk-names";
import { rewriteReactDomSentinels } from "../../scripts/vite-react-dom-sentinels";

const SAMPLE = [
  "var SuspenseException = Error(formatProdErrorMessage(460)),",
  "  SuspenseyCommitException = Error(formatProdErrorMessage(474)),",
  "  noop = { then: function () {} };",
  "function throwOnHydrationMismatch(fiber) {",
  "  var error = Error(formatProdErrorMessage(418));",
  "    inner = Error(formatProdErrorMessage(419));",
  "}",
].join("\n");

describe("rewriteReactDomSentinels", () => {
  it("makes the module-level markers without a stack, line for line, and leaves real errors alone", () => {
    const result = rewriteReactDomSentinels(SAMPLE);
    const lines = result.code.split("\n");
    expect(lines).toHaveLength(SAMPLE.split("\n").length);
    expect(result.names).toEqual(["SuspenseException", "SuspenseyCommitException"]);
    expect(lines[0]).toBe(
      "var SuspenseException = Object.create(Error.prototype, { message: { value: formatProdErrorMessage(460), writable: !0, configurable: !0 } }),",
    );
    expect(lines.slice(2)).toEqual(SAMPLE.split("\n").slice(2));
  });

  it("gives objects that read as the errors did, without a recorded stack", () => {
    const formatProdErrorMessage = (code: number) => `Minified React error #${code}`;
    const { code } = rewriteReactDomSentinels("var SuspenseException = Error(formatProdErrorMessage(460)),\n  x = 1;");
    const marker = new Function("formatProdErrorMessage", `${code}\nreturn SuspenseException;`)(
      formatProdErrorMessage,
    ) as Error;
    expect(marker).toBeInstanceOf(Error);
    expect(marker.message).toBe("Minified React error #460");
    expect(String(marker)).toBe("Error: Minified React error #460");
    expect(Object.prototype.hasOwnProperty.call(marker, "stack")).toBe(false);
  });

  it("finds the five markers in the React DOM installed here", () => {
    const require = createRequire(import.meta.url);
    const client = join(require.resolve("react-dom/client"), "..", "cjs", "react-dom-client.production.js");
    const { names } = rewriteReactDomSentinels(readFileSync(client, "utf8"));
    expect(names.sort()).toEqual([
      "HydrationMismatchException",
      "SelectiveHydrationException",
      "SuspenseActionException",
      "SuspenseException",
      "SuspenseyCommitException",
    ]);
  });
});

const ASSETS = join(process.cwd(), "dist", "assets");
const reactDom = existsSync(ASSETS)
  ? readdirSync(ASSETS).find((name) => chunkFile(REACT_DOM_CHUNK).test(name))
  : undefined;

describe.skipIf(!reactDom && !process.env.CI)("the built React DOM chunk", () => {
  it("makes React DOM's markers without Error's constructor", () => {
    expect(reactDom, "dist/assets has no react-dom chunk: run `npm run build`").toBeDefined();
    const code = readFileSync(join(ASSETS, reactDom!), "utf8");
    for (const marker of [460, 461, 474, 519, 542]) {
      expect(code).not.toMatch(new RegExp(`=Error\\([\\w$]+\\(${marker}\\)\\)`));
      expect(code).toMatch(
        new RegExp(`Object\\.create\\(Error\\.prototype,\\{message:\\{value:[\\w$]+\\(${marker}\\)`),
      );
    }
  });
});
