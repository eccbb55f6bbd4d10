/** The signed-in member's profile: read once per member, and written back into the cache when saved. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getMyProfile, saveMyProfile, type ProfileChange } from "../data/profile";
import { useSupabase } from "../supabase-context";

const profileKey = (userId: string) => ["profile", userId] as const;

export function useMyProfile(userId: string) {
  const supabase = useSupabase();
  return useQuery({ queryKey: profileKey(userId), queryFn: async () => getMyProfile(await supabase(), userId) });
}

export function useSaveProfile(userId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ProfileChange) => saveMyProfile(await supabase(), userId, change),
    onSuccess: (saved) => queryClient.setQueryData(profileKey(userId), saved),
  });
}
