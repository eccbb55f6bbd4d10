import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fontPreloadPlugin } from "./scripts/vite-font-preload.ts";
import { securityHeadersPlugin } from "./scripts/vite-security-headers.ts";
import { localFunctions } from "./supabase/local/functions-plugin.ts";
import { localSupabase } from "./supabase/local/vite-plugin.ts";
import { previewRoutes } from "./scripts/preview-routes.ts";

export default defineConfig({
  plugins: [react(), tailwindcss(), fontPreloadPlugin(), securityHeadersPlugin(), localFunctions(), localSupabase(), previewRoutes()],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
  // Fonts stay files: the CSP allows font-src 'self' only, so an inlined data: font would be blocked.
  build: { assetsInlineLimit: (filePath: string) => (/\.(woff2?|ttf|otf)$/.test(filePath) ? false : undefined) },
});
