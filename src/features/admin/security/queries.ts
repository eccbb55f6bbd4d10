/**
 * The Security page's queries and mutations. Every key starts with `securityKeys.all`; adding or
 * removing an authenticator invalidates the list.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  cancelEnrolment,
  listAuthenticators,
  readSecondFactorRequired,
  readSignInActivity,
  removeAuthenticator,
  setSecondFactorRequired,
  startEnrolment,
} from "../data/security";
import { useSupabase } from "../supabase-context";

const securityKeys = {
  all: ["security"] as const,
  authenticators: () => [...securityKeys.all, "authenticators"] as const,
  activity: () => [...securityKeys.all, "activity"] as const,
  requirement: () => [...securityKeys.all, "requirement"] as const,
};

export function useAuthenticators() {
  const supabase = useSupabase();
  return useQuery({
    queryKey: securityKeys.authenticators(),
    queryFn: async () => listAuthenticators(await supabase()),
  });
}

export function useSignInActivity() {
  const supabase = useSupabase();
  return useQuery({
    queryKey: securityKeys.activity(),
    queryFn: async () => readSignInActivity(await supabase()),
  });
}

export function useStartEnrolment() {
  const supabase = useSupabase();
  return useMutation({ mutationFn: async (name: string) => startEnrolment(await supabase(), name) });
}

export function useCancelEnrolment() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (factorId: string) => cancelEnrolment(await supabase(), factorId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.authenticators() }),
  });
}

/** After a factor's first code was verified (the session is at aal2 with it). */
export function useAuthenticatorsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: securityKeys.all });
}

export function useRemoveAuthenticator() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (factorId: string) => removeAuthenticator(await supabase(), factorId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

/** Whether the agency requires a second factor (public.security_settings). */
export function useSecondFactorRequired() {
  const supabase = useSupabase();
  return useQuery({
    queryKey: securityKeys.requirement(),
    queryFn: async () => readSecondFactorRequired(await supabase()),
  });
}

/** The Owner turns the requirement on or off. */
export function useSetSecondFactorRequired() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (required: boolean) => setSecondFactorRequired(await supabase(), required),
    onSuccess: (required) => queryClient.setQueryData(securityKeys.requirement(), required),
  });
}
