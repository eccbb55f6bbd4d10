import { loadEnv, type Plugin } from "vite";
import { IMMUTABLE_CACHE, securityHeaders } from "./security-headers.ts";

/**
 * Sends the production headers from `vite preview`, the server the Playwright suite and the
 * benchmark run against. The dev server is left alone: its hot-reload client needs inline scripts.
 */
export function securityHeadersPlugin(): Plugin {
  return {
    name: "site:security-headers",
    configurePreviewServer(server) {
      const env = loadEnv(server.config.mode, server.config.root, "");
      const headers = securityHeaders({ supabaseUrl: env.VITE_SUPABASE_URL || undefined });
      server.middlewares.use((req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        if (req.url?.startsWith("/assets/")) res.setHeader("Cache-Control", IMMUTABLE_CACHE);
        next();
      });
    },
  };
}
