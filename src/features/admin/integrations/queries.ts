/** The Integrations screen's query; its key starts with `integrationKeys.all`. */
import { useQuery } from "@tanstack/react-query";
import { listIntegrations } from "../data/integrations";
import { useSupabase } from "../supabase-context";

const integrationKeys = {
  all: ["integrations"] as const,
  list: () => [...integrationKeys.all, "list"] as const,
};

export function useIntegrations() {
  const supabase = useSupabase();
  return useQuery({ queryKey: integrationKeys.list(), queryFn: async () => listIntegrations(await supabase()) });
}
