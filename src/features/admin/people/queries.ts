import { useQuery } from "@tanstack/react-query";
import { listPostEvents, listTeamNames } from "../data/team-names";
import { useSupabase } from "../supabase-context";
import { nameOf } from "./names";

/**
 * The team's names, read once a screen needs them and kept for five minutes: a member who joins
 * meanwhile shows as "a former member" until the page is opened again, which is rare and harmless.
 * `name(id)` is null while they load.
 */
export function useTeamNames() {
  const supabase = useSupabase();
  const query = useQuery({
    queryKey: ["team", "names"],
    queryFn: async () => listTeamNames(await supabase()),
    staleTime: 5 * 60_000,
  });
  return { query, name: (userId: string | null) => nameOf(query.data, userId) };
}

/**
 * A post's history. Its key starts with the posts' ("posts"), so a save, which invalidates every
 * post query (../posts/queries.ts), reads it again with the new line.
 */
export function usePostEvents(postId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: ["posts", "history", postId],
    queryFn: async () => listPostEvents(await supabase(), postId),
  });
}
