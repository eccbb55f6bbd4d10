/**
 * package-lock.json is what `npm ci` installs on every machine (`.ci/run` runs it, and it refuses a
 * lockfile that has drifted from package.json). These checks say why before a contributor on
 * another platform finds out: the lockfile must list each platform's build of every native package
 * (an entry missing for macOS or Windows makes `npm ci` there fail with "Missing from lock file"),
 * and must record exactly the ranges package.json asks for.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockedPackage {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
type Lock = { lockfileVersion: number; packages: Record<string, LockedPackage> };

/** Where npm would find `name` for the package at `from`: its own node_modules, then each parent's. */
function resolveLocked(lock: Lock, from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return null;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent < 0 ? "" : base.slice(0, parent);
  }
}

// The project, and the Vercel CLI that `npm run verify:vercel` installs with npm ci.
for (const dir of [".", "scripts/vercel-cli"]) {
  const lock = JSON.parse(readFileSync(`${dir}/package-lock.json`, "utf8")) as Lock;
  const manifest = JSON.parse(readFileSync(`${dir}/package.json`, "utf8")) as LockedPackage;

  describe(`${dir}/package-lock.json`, () => {
    it("is a version 3 lockfile", () => {
      expect(lock.lockfileVersion).toBe(3);
    });

    it("locks every platform's build of every optional (native) dependency", () => {
      const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
        Object.keys(entry.optionalDependencies ?? {})
          .filter((name) => !resolveLocked(lock, path, name))
          .map((name) => `${path || "(root)"} -> ${name}`),
      );
      expect(missing, "regenerate the lockfile with versions whose platform builds are all published").toEqual([]);
    });

    it("records the ranges package.json asks for, and locks each of them", () => {
      const root = lock.packages[""]!;
      expect(root.dependencies ?? {}).toEqual(manifest.dependencies ?? {});
      expect(root.devDependencies ?? {}).toEqual(manifest.devDependencies ?? {});
      const unlocked = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
        (name) => !lock.packages[`node_modules/${name}`]?.version,
      );
      expect(unlocked).toEqual([]);
    });
  });
}
