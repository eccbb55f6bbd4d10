/** POST /api/paystack-webhook: Paystack's signed events, each payment and refund recorded once. Logic: src/server/payments/webhook.ts. */
import { waitUntil } from "@vercel/functions";
import { createPaystackWebhookHandler } from "../src/server/payments/webhook.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createPaystackWebhookHandler({ settings: readSettings, waitUntil }) };
