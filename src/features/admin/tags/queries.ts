/** Tags in use and the featured post, by key; featuring a post reads the featured post again. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getFeaturedPost, listTagsInUse, setFeaturedPost } from "../data/tags";
import { useSupabase } from "../supabase-context";

const tagKeys = {
  inUse: ["tags", "in-use"] as const,
  featured: ["posts", "featured"] as const,
};

export function useTagsInUse() {
  const supabase = useSupabase();
  return useQuery({ queryKey: tagKeys.inUse, queryFn: async () => listTagsInUse(await supabase()) });
}

export function useFeaturedPost() {
  const supabase = useSupabase();
  return useQuery({ queryKey: tagKeys.featured, queryFn: async () => getFeaturedPost(await supabase()) });
}

export function useSetFeaturedPost() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, feature }: { postId: string; feature: boolean }) =>
      setFeaturedPost(await supabase(), postId, feature),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tagKeys.featured }),
  });
}
