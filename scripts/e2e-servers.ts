/**
 * The two servers the end-to-end tests run against (playwright.config.ts), started side by side.
 * As `webServer` entries Playwright started them one after another, each once the one before
 * answered, so the first test waited for the boots in a row (14.5 s for three on an idle 2-core
 * machine, where one boot takes 2.2-2.7 s).
 *
 * Each is the production build served by `vite preview` with the local Supabase in memory:
 *   - E2E_PORT (4173): the site, with the newsletter's local stand-in (an empty NEWSLETTER_FORM_URL);
 *   - E2E_PORT + 20,000: the same over HTTPS and HTTP/2 (a throwaway self-signed certificate), as
 *     Vercel serves it, for tests/e2e/script-budget.spec.ts (over HTTP/1.1 every small file would
 *     pay its headers in full, where HTTP/2 compresses the repeated ones away); and with an
 *     unreachable newsletter provider (a closed port), for the failure case of
 *     tests/e2e/newsletter.spec.ts. The budgets never subscribe, so one server serves both: a third,
 *     as there was, cost a boot of its own (vite preview and a database) at every run's start.
 * Their ports are in scripts/e2e-origins.ts. E2E_SERVERS_READY is printed once both answer; if one
 * exits first, this process exits with its code. Playwright ends the whole process group after the
 * run.
 */
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_SERVERS, E2E_SERVERS_READY, type E2eServer } from "./e2e-origins.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const vite = join(root, "node_modules", "vite", "bin", "vite.js");
const outDir = process.env.E2E_OUT ?? "dist";

interface PreviewServer {
  port: number;
  https: boolean;
  newsletterFormUrl: string;
}

/** Each server's newsletter provider: the local stand-in (empty), or a closed port. */
const NEWSLETTER_FORM_URLS: Record<E2eServer, string> = {
  site: "",
  https: "http://127.0.0.1:1/subscribe",
};

const servers: PreviewServer[] = (Object.keys(E2E_SERVERS) as E2eServer[]).map((name) => ({
  ...E2E_SERVERS[name],
  newsletterFormUrl: NEWSLETTER_FORM_URLS[name],
}));

/** Whether the server answers `/` (any status: it is up), its certificate not checked. */
function answers(server: PreviewServer): Promise<boolean> {
  const request = server.https ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const call = request(
      { host: "127.0.0.1", port: server.port, path: "/", method: "HEAD", rejectUnauthorized: false, timeout: 2000 },
      (response) => {
        response.resume();
        resolve(true);
      },
    );
    call.on("error", () => resolve(false));
    call.on("timeout", () => call.destroy());
    call.end();
  });
}

async function whenAnswering(server: PreviewServer): Promise<void> {
  while (!(await answers(server))) await new Promise((resolve) => setTimeout(resolve, 100));
}

for (const server of servers) {
  const child = spawn(
    process.execPath,
    [vite, "preview", "--port", String(server.port), "--strictPort", "--outDir", outDir],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        LOCAL_DB_IN_MEMORY: "1",
        // The passwords' bcrypt at its lowest cost: the same hashes and checks, for less CPU per sign-in.
        LOCAL_BCRYPT_COST: "4",
        NODE_ENV: "production",
        NEWSLETTER_FORM_URL: server.newsletterFormUrl,
        ...(server.https ? { PREVIEW_HTTPS: "1" } : {}),
      },
    },
  );
  child.on("exit", (code, signal) => {
    console.error(`The preview server on port ${server.port} stopped (${signal ?? `exit ${code}`}).`);
    process.exit(code || 1);
  });
}

await Promise.all(servers.map(whenAnswering));
console.log(E2E_SERVERS_READY);
