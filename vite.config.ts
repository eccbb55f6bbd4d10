import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { securityHeadersPlugin } from "./scripts/vite-security-headers";
import { localFunctions } from "./supabase/local/functions-plugin";
import { previewRoutes } from "./scripts/preview-routes";

export default defineConfig({
  plugins: [react(), tailwindcss(), securityHeadersPlugin(), localFunctions(), previewRoutes()],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
});
