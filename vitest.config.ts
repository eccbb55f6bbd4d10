import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

/**
 * Two projects: components and pages run in jsdom; the functions (api/, src/server/), the local
 * Supabase and the build checks run in Node.
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
          exclude: ["src/server/**"],
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
