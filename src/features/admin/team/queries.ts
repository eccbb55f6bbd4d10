/**
 * The Team page's queries and mutations. Every key starts with `teamKeys.all`; every change
 * invalidates the whole team (a removal also ends an invitation, a handover changes two roles).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TeamRole } from "../../../content/team";
import {
  callTeamFunction,
  changeRole,
  countPostsBy,
  handOverOwnership,
  listMembers,
  listOpenInvites,
  withdrawInvite,
} from "../data/team";
import type { AppSupabaseClient } from "../../../lib/supabase";
import { useSupabase } from "../supabase-context";

const teamKeys = {
  all: ["team"] as const,
  members: () => [...teamKeys.all, "members"] as const,
  invites: () => [...teamKeys.all, "invites"] as const,
  posts: (userId: string) => [...teamKeys.all, "posts", userId] as const,
};

/** The members and their roles: the Team page's list, and the names every history shows (../people). */
export function useTeamMembers(options: { staleTime?: number } = {}) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: teamKeys.members(),
    queryFn: async () => listMembers(await supabase()),
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
  });
}

export function useOpenInvites() {
  const supabase = useSupabase();
  return useQuery({ queryKey: teamKeys.invites(), queryFn: async () => listOpenInvites(await supabase()) });
}

export function usePostCount(userId: string | null) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: teamKeys.posts(userId ?? ""),
    queryFn: async () => countPostsBy(await supabase(), userId!),
    enabled: userId !== null,
  });
}

/** A mutation of the team that refreshes everything the page shows once it settles. */
function useTeamMutation<Input, Output>(run: (client: AppSupabaseClient, input: Input) => Promise<Output>) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => run(await supabase(), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useChangeRole = () =>
  useTeamMutation((client, { member, role }: { member: string; role: TeamRole }) => changeRole(client, member, role));
export const useHandOver = () => useTeamMutation((client, member: string) => handOverOwnership(client, member));
export const useWithdrawInvite = () => useTeamMutation((client, invite: string) => withdrawInvite(client, invite));
export const useInvite = () =>
  useTeamMutation((client, { email, role }: { email: string; role: TeamRole }) =>
    callTeamFunction(client, { action: "invite", email, role }),
  );
export const useResendInvite = () =>
  useTeamMutation((client, invite: string) => callTeamFunction(client, { action: "resend", invite }));
export const useRemoveMember = () =>
  useTeamMutation((client, { member, heir }: { member: string; heir: string | null }) =>
    callTeamFunction(client, { action: "remove", member, heir }),
  );
