import compression from "compression";
import { loadEnv, type Connect, type Plugin } from "vite";
import { ADMIN_HEADERS, ADMIN_PATH, IMMUTABLE_CACHE, securityHeaders } from "./security-headers.ts";

/**
 * Sends the production headers from `vite preview`, the server the Playwright suite and the
 * benchmark run against, and compresses responses as Vercel does, so that measured transfer sizes
 * are real. The dev server is left alone: its hot-reload client needs inline scripts.
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
        if (ADMIN_PATH.test(req.url ?? ""))
          for (const [name, value] of Object.entries(ADMIN_HEADERS)) res.setHeader(name, value);
        next();
      });
      // compression is written for Express; Connect's request and response are the same Node objects.
      server.middlewares.use(compression() as unknown as Connect.NextHandleFunction);
    },
  };
}
