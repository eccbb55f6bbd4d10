import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

/**
 * Two projects, chosen by place and by suffix: components and pages run in jsdom; the functions
 * (api/, src/server/), the local Supabase, the database suites (supabase/tests/) and the build checks
 * run in Node, and so does any `*.db.test.ts`, a database test that sits beside the module it tests.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "dom",
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: ["src/server/**", "**/*.db.test.ts"],
          environment: "jsdom",
          setupFiles: ["./tests/setup-dom.ts"],
          css: false,
        },
      },
      {
        extends: true,
        test: {
          name: "node",
          include: [
            "api/**/*.test.ts",
            "src/server/**/*.test.ts",
            "supabase/local/**/*.test.ts",
            "supabase/tests/**/*.test.ts",
            "src/**/*.db.test.ts",
            "tests/unit/**/*.test.ts",
          ],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
