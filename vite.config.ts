import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { securityHeadersPlugin } from "./scripts/vite-security-headers";

export default defineConfig({
  plugins: [react(), tailwindcss(), securityHeadersPlugin()],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
});
