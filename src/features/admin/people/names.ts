import { assignmentCopy } from "../../../content/assignment";
import type { TeamMember } from "../data/team";

/**
 * The name a history shows for `userId`: the member's name, else their e-mail (when the reader may
 * see it); "a former member" for someone no longer on the team, "the system" for a change nobody
 * signed in made (the service role's, a trigger's). Null while the team is still loading, so a
 * current member never shows as a former one.
 */
export function nameOf(team: TeamMember[] | undefined, userId: string | null): string | null {
  if (!userId) return assignmentCopy.someone;
  if (!team) return null;
  const member = team.find((candidate) => candidate.userId === userId);
  if (!member) return assignmentCopy.formerMember;
  return member.fullName?.trim() || assignmentCopy.unnamed(member.email);
}
