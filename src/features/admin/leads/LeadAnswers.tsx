import { adPlatforms, contactCopy, roasBands, webFeatures, yesNoOptions } from "../../../content/contact";
import { leadsCopy } from "../../../content/leads";
import type { Lead } from "../data/leads";
import { packageOf, serviceLabel } from "./lead-format";
import { LeadPanel } from "./LeadPanel";

const { legends, labels } = contactCopy;

const optionLabel = (options: readonly { value: string; label: string }[], value: string | null) =>
  value ? (options.find((option) => option.value === value)?.label ?? value) : null;

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
  return rows
    .filter((row): row is [string, string | number] => row[1] !== null && row[1] !== "")
    .map(([label, value]) => [label, String(value)]);
}

/** Everything the visitor answered in the contact form, as text (never as markup or links). */
export function LeadAnswers({ lead }: { lead: Lead }) {
  const answers = answersOf(lead);
  return (
    <LeadPanel id="lead-answers" title={leadsCopy.detail.answers}>
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
    </LeadPanel>
  );
}
