import { ArrowLeft, Mail, MessageCircle, Phone } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router-dom";
import { Button } from "../../../components/ui/Button";
import { Seo } from "../../../components/ui/Seo";
import { toast } from "../../../components/ui/toast-store";
import { whatsappHref } from "../../../config-defaults";
import { adPlatforms, contactCopy, roasBands, webFeatures, yesNoOptions } from "../../../content/contact";
import { leadsCopy } from "../../../content/leads";
import { site } from "../../../content/site";
import { cn } from "../../../lib/cn";
import type { LeadEventRow, LeadStatus, Touch } from "../../../lib/database.types";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { addLeadNote, getLead, LEAD_STATUSES, listLeadEvents, NOTE_MAX, updateLeadStatus, type Lead } from "../data/leads";
import { getSupabase } from "../../../lib/supabase";
import { useAuth } from "../../auth";
import { AdminDataView, EmptyState } from "../DataStates";
import { useAdminData } from "../use-admin-data";
import { DeleteLeadButton } from "./DeleteLeadButton";
import { LeadConversions } from "./LeadConversions";
import { packageOf, receivedAt, serviceLabel, statusBadgeClasses, statusLabel, whatsappNumberOf } from "./lead-format";

const copy = leadsCopy.detail;
const { legends, labels } = contactCopy;

/** Tells the admin layout that the number of new leads may have changed. */
export const LEADS_CHANGED_EVENT = "leads:changed";

type LeadRecord = { lead: Lead; events: LeadEventRow[] };

const optionLabel = (options: readonly { value: string; label: string }[], value: string | null) => (value ? (options.find((option) => option.value === value)?.label ?? value) : null);

/** One of the page's white panels, named by its heading (and what stands under the heading). */
function Panel({ id, title, subtitle, className, children }: { id: string; title: string; subtitle?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn("rounded-card border border-slate-100 bg-white p-5 shadow-soft", className)}>
      <div>
        <h2 id={id} className="font-bold text-ink">
          {title}
        </h2>
        {subtitle}
      </div>
      {children}
    </section>
  );
}

/** The visitor's answers worth showing, in the order of the form, as label and text. */
function answersOf(lead: Lead): [string, string][] {
  const rows: [string, string | number | null][] = [
    [legends.service, lead.service ? serviceLabel(lead.service) : null],
    [legends.hasWebsite, optionLabel(yesNoOptions, lead.has_website)],
    [legends.useCRM, optionLabel(yesNoOptions, lead.uses_crm)],
    [legends.adPlatform, optionLabel(adPlatforms, lead.ad_platform)],
    ["Package", packageOf(lead)],
    [legends.features, lead.features?.map((feature) => optionLabel(webFeatures, feature)).join(", ") || null],
    [labels.reference, lead.reference],
    [labels.teamSize, lead.team_size],
    [labels.challenge, lead.challenge],
    [legends.hasRunAds, optionLabel(yesNoOptions, lead.has_run_ads)],
    [legends.roas, optionLabel(roasBands, lead.roas)],
    [labels.message.replace(/\s*\(optional\)$/, ""), lead.message],
  ];
  return rows.filter((row): row is [string, string | number] => row[1] !== null && row[1] !== "").map(([label, value]) => [label, String(value)]);
}

function TouchList({ title, touch }: { title: string; touch: Touch | null }) {
  const entries = touch ? (Object.keys(leadsCopy.touchLabels) as (keyof Touch)[]).filter((key) => touch[key]) : [];
  return (
    <div>
      <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{title}</h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{copy.noTouch}</p>
      ) : (
        <dl className="mt-2 space-y-2 text-sm">
          {entries.map((key) => (
            <div key={key}>
              <dt className="text-ink-muted">{leadsCopy.touchLabels[key]}</dt>
              {/* Shown as text, never as a link: these values come from the visitor's browser. */}
              <dd className="font-medium text-ink break-all">{key === "at" ? formatLagosDateTime(touch![key]!) : touch![key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

function History({ events, currentUserId }: { events: LeadEventRow[]; currentUserId: string | undefined }) {
  if (events.length === 0) return <p className="text-sm text-ink-muted">{copy.historyEmpty}</p>;
  return (
    <ol className="space-y-3">
      {events.map((event) => (
        <li key={event.id} className="rounded-xl border border-slate-100 bg-slate-50 p-4">
          <p className="text-xs text-ink-muted">
            <time dateTime={event.created_at}>{formatLagosDateTime(event.created_at)}</time>
            {event.author_id ? ` · ${event.author_id === currentUserId ? copy.byYou : copy.byOther}` : null}
          </p>
          {event.kind === "status" ? (
            <p className="mt-1 text-sm font-semibold text-ink">
              {copy.statusChange(event.from_status ? statusLabel(event.from_status) : "—", statusLabel(event.to_status!))}
            </p>
          ) : (
            <p className="mt-1 whitespace-pre-wrap text-sm text-ink break-words">{event.note}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

function NoteForm({ onAdd }: { onAdd: (note: string) => Promise<boolean> }) {
  const id = useId();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = note.trim();
    if (!text) return setError(copy.noteEmpty);
    if (text.length > NOTE_MAX) return setError(copy.noteTooLong(NOTE_MAX));
    setError(null);
    setSaving(true);
    // The note stays in the box until it is saved.
    if (await onAdd(text)) setNote("");
    setSaving(false);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-ink">
        {copy.noteLabel}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {copy.noteHint}
      </p>
      <textarea
        id={`${id}-note`}
        rows={3}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          if (error) setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        className={cn(
          "block w-full rounded-xl border bg-white px-3 py-2.5 text-sm text-ink focus-ring",
          error ? "border-red-600" : "border-slate-300",
        )}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={saving}>
        {saving ? copy.addingNote : copy.addNote}
      </Button>
    </form>
  );
}

const linkClasses =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-ring";

/** /admin/leads/:id: everything the visitor sent, where they came from, the status, notes and history. */
export function LeadDetailPage() {
  const { id = "" } = useParams();
  const params = new URLSearchParams(useLocation().search);
  const { user } = useAuth();
  const record = useAdminData(
    async (): Promise<LeadRecord | null> => {
      const client = await getSupabase();
      const lead = await getLead(client, id);
      return lead ? { lead, events: await listLeadEvents(client, id) } : null;
    },
    [id],
    (found) => found === null,
  );
  const [savingStatus, setSavingStatus] = useState(false);
  const statusId = useId();
  const back = `/admin/leads${params.get("from") ? `?${new URLSearchParams(params.get("from")!)}` : ""}`;

  async function changeStatus(status: LeadStatus) {
    if (record.status !== "ready" || !record.data) return;
    const previous = record.data.lead.status;
    record.update((current) => current && { ...current, lead: { ...current.lead, status } });
    setSavingStatus(true);
    try {
      const client = await getSupabase();
      const saved = await updateLeadStatus(client, id, status);
      const events = await listLeadEvents(client, id);
      record.update((current) => current && { ...current, lead: { ...current.lead, ...saved }, events });
      toast({ title: copy.statusSaved, description: `${statusLabel(previous)} → ${statusLabel(status)}`, variant: "success" });
      window.dispatchEvent(new Event(LEADS_CHANGED_EVENT));
    } catch (error) {
      record.update((current) => current && { ...current, lead: { ...current.lead, status: previous } });
      toast({ title: copy.statusFailed, description: error instanceof Error ? error.message : String(error), variant: "error" });
    } finally {
      setSavingStatus(false);
    }
  }

  async function addNote(note: string): Promise<boolean> {
    if (!user) return false;
    try {
      const client = await getSupabase();
      const saved = await addLeadNote(client, id, note, user.id);
      record.update((current) => current && { ...current, events: [saved, ...current.events] });
      return true;
    } catch (error) {
      toast({ title: copy.noteFailed, description: error instanceof Error ? error.message : String(error), variant: "error" });
      return false;
    }
  }

  const backLink = (
    <Link to={back} className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-ring">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {copy.back}
    </Link>
  );

  if (record.status !== "ready" || !record.data) {
    return (
      <div className="mx-auto max-w-5xl space-y-4">
        <Seo title={`${copy.seoTitle} | ${site.name}`} description={site.defaultDescription} path={`/admin/leads/${id}`} noIndex />
        {backLink}
        <AdminDataView data={record} loading={copy.loading} error={copy.error} empty={<EmptyState message={copy.notFound} />}>
          {() => null}
        </AdminDataView>
      </div>
    );
  }

  const { lead, events } = record.data;
  const firstName = lead.full_name.trim().split(/\s+/)[0] ?? "";
  const whatsapp = whatsappNumberOf(lead.phone);
  const answers = answersOf(lead);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Seo title={`${lead.full_name} | ${copy.seoTitle} | ${site.name}`} description={site.defaultDescription} path={`/admin/leads/${id}`} noIndex />
      {backLink}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink break-words sm:text-4xl">{lead.full_name}</h1>
          <p className="mt-1 text-ink-muted">
            {lead.company_name ? `${lead.company_name} · ` : ""}
            {copy.received} <time dateTime={lead.created_at}>{receivedAt(lead)}</time>
          </p>
        </div>
        <div>
          <label htmlFor={statusId} className="block text-sm font-semibold text-ink">
            {copy.statusLabel}
          </label>
          <select
            id={statusId}
            value={lead.status}
            disabled={savingStatus}
            onChange={(event) => void changeStatus(event.target.value as LeadStatus)}
            className={cn("mt-1 rounded-xl border border-slate-300 px-3 py-2.5 font-semibold focus-ring", statusBadgeClasses[lead.status])}
          >
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <Panel id="lead-contact" title={copy.contact}>
        <div className="mt-3 flex flex-wrap gap-2">
          <a href={`mailto:${lead.email}`} className={linkClasses}>
            <Mail aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{copy.email}: </span>
            <span className="break-all">{lead.email}</span>
          </a>
          {lead.phone ? (
            <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} className={linkClasses}>
              <Phone aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">{copy.call}: </span>
              {lead.phone}
            </a>
          ) : null}
          {whatsapp ? (
            <a href={whatsappHref(whatsapp, copy.whatsappMessage(firstName))} target="_blank" rel="noopener noreferrer" className={linkClasses}>
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              {copy.whatsapp}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="lead-answers" title={copy.answers}>
          {answers.length === 0 ? (
            <p className="mt-3 text-sm text-ink-muted">—</p>
          ) : (
            <dl className="mt-3 space-y-3 text-sm">
              {answers.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-ink-muted">{label}</dt>
                  <dd className="whitespace-pre-wrap font-medium text-ink break-words">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </Panel>

        <Panel
          id="lead-attribution"
          title={copy.attribution}
          className="space-y-5"
          subtitle={
            <p className="mt-1 text-sm">
              <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", statusBadgeClasses.new)}>{lead.source}</span>
              {lead.campaign ? <span className="ml-2 text-ink-muted">{lead.campaign}</span> : null}
            </p>
          }
        >
          <TouchList title={copy.firstTouch} touch={lead.first_touch} />
          <TouchList title={copy.latestTouch} touch={lead.latest_touch} />
          <div>
            <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{copy.webhook}</h3>
            <p className="mt-2 text-sm text-ink">
              {lead.forwarded_at ? copy.forwarded(formatLagosDateTime(lead.forwarded_at)) : lead.forward_error ? copy.notForwarded(lead.forward_error) : lead.forward_pending ? copy.forwarding : copy.notConfigured}
            </p>
          </div>
        </Panel>
      </div>

      <LeadConversions leadId={id} status={lead.status} updatedAt={lead.updated_at} />

      <Panel id="lead-notes" title={copy.notes} className="space-y-5">
        <NoteForm onAdd={addNote} />
        <History events={events} currentUserId={user?.id} />
      </Panel>
      <div className="flex justify-end"><DeleteLeadButton lead={lead} onErased={() => window.dispatchEvent(new Event(LEADS_CHANGED_EVENT))} /></div>
    </div>
  );
}
