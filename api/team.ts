/** POST /api/team: invitations, resends and removals through Supabase Auth's admin API. Logic: src/server/team.ts. */
import { createTeamHandler } from "../src/server/team.js";
import { readSettings } from "../src/server/settings.js";

export default { fetch: createTeamHandler({ settings: readSettings }) };
