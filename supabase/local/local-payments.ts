import type { Server as HttpServer } from "node:http";
import type { Connect, Logger } from "vite";
import { functionPath } from "../../src/server/paths.ts";
import { localOrigin, webMiddleware, whenListening } from "./node-http.ts";
import {
  createPaystackStandin,
  LOCAL_PAYSTACK_SECRET_KEY,
  paystackStandinSettings,
  type PaystackStandin,
} from "./paystack-standin.ts";

/**
 * The proposals' payments on the dev and preview servers (never on Vercel): when PAYSTACK_SECRET_KEY
 * is not configured, the Paystack stand-in (paystack-standin.ts) answers on `/__local/paystack`,
 * PAYSTACK_SECRET_KEY and PAYSTACK_API_URL point the payments at it once the server listens, and its
 * checkout's signed webhooks go to this same server's `/api/paystack-webhook`, so a payment runs end
 * to end without leaving the machine. A marker remembers the values set here, so a restart (config
 * change) treats them as unset again.
 */
const MARKER = "LOCAL_STANDIN_PAYMENTS";

/** Unset, or set by this module before a restart. */
function free(name: string): boolean {
  const value = process.env[name]?.trim();
  return !value || value === process.env[`${MARKER}_${name}`];
}

function set(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) process.env[name] = process.env[`${MARKER}_${name}`] = value;
}

/** Mounts the stand-in when Paystack is not configured; the stand-in (for tests' controls), or null. */
export function mountLocalPayments(
  middlewares: Connect.Server,
  httpServer: HttpServer | null,
  logger: Logger,
): PaystackStandin | null {
  if (!free("PAYSTACK_SECRET_KEY")) return null;
  const paystack = createPaystackStandin();
  // A fixed key, as the local Supabase's are (.env.example), so that a test or a script can sign a
  // webhook to /api/paystack-webhook itself.
  paystack.secretKey = process.env.LOCAL_PAYSTACK_SECRET_KEY?.trim() || LOCAL_PAYSTACK_SECRET_KEY;
  middlewares.use(webMiddleware([paystack.path], paystack.handler));
  whenListening(httpServer, () => {
    const origin = httpServer ? localOrigin(httpServer) : undefined;
    if (!origin) return;
    paystack.webhookUrl = `${origin}${functionPath("paystack-webhook")}`;
    set(paystackStandinSettings(origin, paystack));
    logger.info(
      `  ➜  Paystack: no PAYSTACK_SECRET_KEY set, so payments go to a local stand-in (nothing is charged) whose webhooks reach ${paystack.webhookUrl}; see ${origin}${paystack.path}`,
    );
  });
  return paystack;
}
