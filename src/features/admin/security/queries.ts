/**
 * The Security page's queries and mutations. Every key starts with `securityKeys.all`; adding or
 * removing an authenticator invalidates the list.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import {
  cancelEnrolment,
  listAuthenticators,
  readSignInActivity,
  removeAuthenticator,
  startEnrolment,
} from "../data/security";

const securityKeys = {
  all: ["security"] as const,
  authenticators: () => [...securityKeys.all, "authenticators"] as const,
  activity: () => [...securityKeys.all, "activity"] as const,
};

export function useAuthenticators() {
  return useQuery({
    queryKey: securityKeys.authenticators(),
    queryFn: async () => listAuthenticators(await getSupabase()),
  });
}

export function useSignInActivity() {
  return useQuery({
    queryKey: securityKeys.activity(),
    queryFn: async () => readSignInActivity(await getSupabase()),
  });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: async (name: string) => startEnrolment(await getSupabase(), name) });
}

export function useCancelEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (factorId: string) => cancelEnrolment(await getSupabase(), factorId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.authenticators() }),
  });
}

/** After a factor's first code was verified (the session is at aal2 with it). */
export function useAuthenticatorsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: securityKeys.all });
}

export function useRemoveAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (factorId: string) => removeAuthenticator(await getSupabase(), factorId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
