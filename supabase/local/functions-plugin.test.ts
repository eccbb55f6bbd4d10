import { describe, expect, it } from "vitest";
import { readSettings } from "../../src/server/settings";
import { SERVER_ENV_PREFIXES } from "./functions-plugin";

/**
 * A setting written in a .env file reaches the local functions as Vercel's environment reaches the
 * deployed ones: every name the server's settings read is loaded from the files.
 */
describe("the settings the local functions load from .env files", () => {
  it("cover every name the server's settings read", () => {
    const read = new Set<string>();
    // Every setting unset, so that each fallback is read too.
    readSettings(
      new Proxy({} as NodeJS.ProcessEnv, {
        get(_env, name) {
          if (typeof name === "string") read.add(name);
          return undefined;
        },
      }),
    );
    expect(read.size).toBeGreaterThan(40);
    // VERCEL is the platform's own, never a file's.
    const unloaded = [...read].filter(
      (name) => name !== "VERCEL" && !SERVER_ENV_PREFIXES.some((prefix) => name.startsWith(prefix)),
    );
    expect(unloaded).toEqual([]);
  });
});
