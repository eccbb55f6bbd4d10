import { Search } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { Field, SelectField } from "../../../components/ui/Field";
import { serviceOptions } from "../../../content/contact";
import { leadsCopy } from "../../../content/leads";
import type { LeadStatus } from "../../../lib/database";
import { LEAD_STATUSES, SEARCH_MAX, type LeadFilters } from "../data/leads";
import { serviceLabel, statusLabel } from "./lead-format";

const copy = leadsCopy.list;

/**
 * The inbox's filters: status, service and source apply as soon as they are chosen; the search
 * when it is sent. `sources` are the ones the figures found (plus the one in the address, if other).
 */
export function LeadFilterForm({
  filters,
  sources,
  onChange,
}: {
  filters: LeadFilters;
  sources: string[];
  onChange: (filters: LeadFilters) => void;
}) {
  const id = useId();
  const [q, setQ] = useState(filters.q);
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setQ(filters.q);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onChange({ ...filters, q });
  }

  const sourceChoices = filters.source && !sources.includes(filters.source) ? [...sources, filters.source] : sources;
  return (
    <form
      role="search"
      aria-label={copy.filtersLabel}
      onSubmit={submit}
      className="grid gap-3 rounded-card border border-slate-100 bg-white p-4 shadow-soft sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.6fr)]"
    >
      <SelectField
        id={`${id}-status`}
        label={copy.status}
        value={filters.status}
        onValueChange={(status) => onChange({ ...filters, status: status as LeadStatus | "" })}
      >
        <option value="">{copy.any}</option>
        {LEAD_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-service`}
        label={copy.service}
        value={filters.service}
        onValueChange={(service) => onChange({ ...filters, service })}
      >
        <option value="">{copy.any}</option>
        {serviceOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        <option value="unspecified">{serviceLabel(null)}</option>
      </SelectField>
      <SelectField
        id={`${id}-source`}
        label={copy.source}
        value={filters.source}
        onValueChange={(source) => onChange({ ...filters, source })}
      >
        <option value="">{copy.any}</option>
        {sourceChoices.map((source) => (
          <option key={source} value={source}>
            {source}
          </option>
        ))}
      </SelectField>
      <Field id="leads-search" label={copy.search} className="sm:col-span-2 lg:col-span-1" controlClassName="min-w-0">
        {(control) => (
          <div className="flex items-start gap-2">
            <input
              {...control}
              type="search"
              value={q}
              maxLength={SEARCH_MAX}
              onChange={(event) => setQ(event.target.value)}
              placeholder={copy.searchPlaceholder}
            />
            <Button type="submit" size="sm" className="mt-2 shrink-0 self-stretch">
              <Search aria-hidden="true" className="h-4 w-4" />
              {copy.searchButton}
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
