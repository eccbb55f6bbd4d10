import type { LeadStatus } from "../../../lib/database";
import { LEAD_STATUSES, SEARCH_MAX, type LeadFilters } from "../data/leads";

/** The filters and page in the address, so a filtered view can be linked, reloaded and gone back to. */
export function readLeadQuery(params: URLSearchParams): { filters: LeadFilters; page: number } {
  const status = params.get("status") ?? "";
  const page = Number(params.get("page"));
  return {
    filters: {
      status: LEAD_STATUSES.includes(status as LeadStatus) ? (status as LeadStatus) : "",
      service: params.get("service") ?? "",
      source: params.get("source") ?? "",
      q: (params.get("q") ?? "").slice(0, SEARCH_MAX),
      mine: params.get("mine") === "1",
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function leadQuery(filters: LeadFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ["status", "service", "source", "q"] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (filters.mine) params.set("mine", "1");
  if (page > 1) params.set("page", String(page));
  return params;
}
