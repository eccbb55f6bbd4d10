import { useTeamMembers } from "../team/queries";
import { nameOf } from "./names";

/**
 * The team's names, read once a screen needs them and kept for five minutes: the Team page's own
 * read of the members (one query, one type). A member who joins meanwhile shows as "a former member"
 * until the page is opened again, which is rare and harmless. `name(id)` is null while they load.
 */
export function useTeamNames() {
  const query = useTeamMembers({ staleTime: 5 * 60_000 });
  return { query, name: (userId: string | null) => nameOf(query.data, userId) };
}
