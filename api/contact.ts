/** POST /api/contact: the contact form's enquiries, stored as leads. Logic: src/server/contact.ts. */
import { waitUntil } from "@vercel/functions";
import { createContactHandler } from "../src/server/contact.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createContactHandler({ settings: readSettings, waitUntil }) };
