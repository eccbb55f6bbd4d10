import { teamPageCopy } from "../../../content/team";
import type { TeamMember } from "../data/team";

/** How a member is named on the page: their name, else their address, else that they have none yet. */
export const nameOf = (member: TeamMember) => member.fullName || member.email || teamPageCopy.members.noName;
