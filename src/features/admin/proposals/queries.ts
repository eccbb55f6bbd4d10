/**
 * The proposals' queries and mutations. Every key starts with `proposalKeys.all`, so a save, a send
 * or a deletion reads the list, the figures, the lead's proposals and the proposal again together.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TZDate } from "@date-fns/tz";
import { AGENCY_TIME_ZONE } from "../../../lib/agency-zone";
import { inLagos } from "../../../lib/lagos-time";
import {
  deleteDraft,
  getProposal,
  getProposalMoney,
  listProposals,
  requestBalance,
  stopRetainer,
  withdrawProposal,
  saveDraft,
  sendProposal,
  type ProposalStatus,
} from "../data/proposals";
import { useSupabase } from "../supabase-context";
import type { ProposalDraft } from "./proposal-form";

const proposalKeys = {
  all: ["proposals"] as const,
  list: (status: ProposalStatus | null) => [...proposalKeys.all, "list", status] as const,
  money: () => [...proposalKeys.all, "money"] as const,
  lead: (leadId: string) => [...proposalKeys.all, "lead", leadId] as const,
  detail: (id: string) => [...proposalKeys.all, "detail", id] as const,
};

/** The proposals in one state, or all of them (null). */
export function useProposalList(status: ProposalStatus | null) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: proposalKeys.list(status),
    queryFn: async () => listProposals(await supabase(), { statuses: status ? [status] : [] }),
  });
}

/** The instant this month began in Lagos. */
function lagosMonthStart(now = new Date()): Date {
  const local = inLagos(now);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), 1, AGENCY_TIME_ZONE).getTime());
}

export function useProposalMoney() {
  const supabase = useSupabase();
  return useQuery({
    queryKey: proposalKeys.money(),
    queryFn: async () => getProposalMoney(await supabase(), lagosMonthStart()),
  });
}

export function useLeadProposals(leadId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: proposalKeys.lead(leadId),
    queryFn: async () => listProposals(await supabase(), { leadId }),
  });
}

export function useProposal(id: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: proposalKeys.detail(id),
    queryFn: async () => getProposal(await supabase(), id),
    enabled: id !== "",
  });
}

/** Saves a draft (made the first time), answering its id; everything about proposals is read again after. */
export function useSaveDraft() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string | null; leadId: string; draft: ProposalDraft }) =>
      saveDraft(await supabase(), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

export function useSendProposal() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => sendProposal(await supabase(), id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

export function useRequestBalance(id: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => requestBalance(await supabase(), id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id) }),
  });
}

export function useWithdrawProposal(id: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => withdrawProposal(await supabase(), id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

export function useStopRetainer(id: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => stopRetainer(await supabase(), id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id) }),
  });
}

export function useDeleteDraft() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => deleteDraft(await supabase(), id),
    onSuccess: (_nothing, id) => queryClient.removeQueries({ queryKey: proposalKeys.detail(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}
