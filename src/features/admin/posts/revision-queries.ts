/**
 * A post's revisions and the mutations around them. The key starts with the posts' ("posts"), so
 * a save, which invalidates the post queries, reads the list again with the new revision.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PostInput } from "../data/posts";
import { autosavePost, listPostRevisions } from "../data/post-revisions";
import { useSupabase } from "../supabase-context";

const revisionsKey = (postId: string) => ["posts", "revisions", postId] as const;

/** Keyed by the post's `updated_at` too, so each save (a new revision) reads the list again. */
export function usePostRevisions(postId: string, savedAt: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: [...revisionsKey(postId), savedAt],
    queryFn: async () => listPostRevisions(await supabase(), postId),
  });
}

/** Sends what is typed as the member's autosave; the History panel reads it again. */
export function useAutosavePost(postId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: PostInput) => autosavePost(await supabase(), postId, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: revisionsKey(postId) }),
  });
}
