import {
  adPackages,
  adPlatforms,
  contactCopy,
  crmPackages,
  roasBands,
  webFeatures,
  webPackages,
  yesNoOptions,
  type ContactRequest,
} from "../../content/contact";
import { TextAreaField, TextField } from "../../components/ui/Field";
import type { LeadErrors } from "../../lib/lead-rules";
import { CheckboxGroup, ChoiceGroup } from "./OptionGroups";

type StringField = { [K in keyof ContactRequest]: ContactRequest[K] extends string ? K : never }[keyof ContactRequest];

interface ServiceQuestionsProps {
  values: ContactRequest;
  setField: (field: StringField, value: string) => void;
  toggleFeature: (feature: string) => void;
  errors?: LeadErrors;
}

const { legends, labels, placeholders } = contactCopy;
const groupClass = "space-y-6 rounded-card border border-brand-100 bg-brand-50/50 p-5 sm:p-6";
const groupLegend = "float-left mb-5 w-full text-lg font-bold text-brand-900";

/** The questions of the chosen service; nothing shows until a service is chosen. */
export function ServiceQuestions(props: ServiceQuestionsProps) {
  if (props.values.service === "web-design") return <WebDesignQuestions {...props} />;
  if (props.values.service === "crm") return <CrmQuestions {...props} />;
  if (props.values.service === "paid-ads") return <PaidAdsQuestions {...props} />;
  return null;
}

/** Web design: is there a site already, which package, a site the visitor likes, and the features wanted. */
function WebDesignQuestions({ values, setField, toggleFeature, errors = {} }: ServiceQuestionsProps) {
  return (
    <fieldset className={groupClass}>
      <legend className={groupLegend}>{legends.webDesign}</legend>
      <ChoiceGroup
        className="clear-both"
        name="hasWebsite"
        legend={legends.hasWebsite}
        options={yesNoOptions}
        value={values.hasWebsite}
        onValueChange={(v) => setField("hasWebsite", v)}
      />
      <ChoiceGroup
        name="webPackage"
        legend={legends.webPackage}
        options={webPackages}
        value={values.webPackage}
        onValueChange={(v) => setField("webPackage", v)}
      />
      <TextField
        id="contact-reference"
        name="reference"
        error={errors.reference}
        label={labels.reference}
        placeholder={placeholders.reference}
        value={values.reference}
        onValueChange={(v) => setField("reference", v)}
      />
      <CheckboxGroup
        name="features"
        legend={legends.features}
        options={webFeatures}
        values={values.features}
        onToggle={toggleFeature}
      />
    </fieldset>
  );
}

/** CRM: is one in use, which package, the team's size and the challenge to solve. */
function CrmQuestions({ values, setField, errors = {} }: ServiceQuestionsProps) {
  return (
    <fieldset className={groupClass}>
      <legend className={groupLegend}>{legends.crm}</legend>
      <ChoiceGroup
        className="clear-both"
        name="useCRM"
        legend={legends.useCRM}
        options={yesNoOptions}
        value={values.useCRM}
        onValueChange={(v) => setField("useCRM", v)}
      />
      <ChoiceGroup
        name="crmPackage"
        legend={legends.crmPackage}
        options={crmPackages}
        value={values.crmPackage}
        onValueChange={(v) => setField("crmPackage", v)}
      />
      <TextField
        id="contact-team-size"
        name="teamSize"
        error={errors.teamSize}
        label={labels.teamSize}
        type="number"
        min={1}
        inputMode="numeric"
        className="max-w-xs"
        value={values.teamSize}
        onValueChange={(v) => setField("teamSize", v)}
      />
      <TextAreaField
        id="contact-challenge"
        name="challenge"
        label={labels.challenge}
        rows={4}
        value={values.challenge}
        onValueChange={(v) => setField("challenge", v)}
        error={errors.challenge}
      />
    </fieldset>
  );
}

/** Paid ads: the platform, the package, whether ads ran before and, if they did, their return. */
function PaidAdsQuestions({ values, setField }: ServiceQuestionsProps) {
  return (
    <fieldset className={groupClass}>
      <legend className={groupLegend}>{legends.paidAds}</legend>
      <ChoiceGroup
        className="clear-both"
        name="adPlatform"
        legend={legends.adPlatform}
        options={adPlatforms}
        value={values.adPlatform}
        onValueChange={(v) => setField("adPlatform", v)}
      />
      <ChoiceGroup
        name="adPackage"
        legend={legends.adPackage}
        options={adPackages}
        value={values.adPackage}
        onValueChange={(v) => setField("adPackage", v)}
      />
      <ChoiceGroup
        name="hasRunAds"
        legend={legends.hasRunAds}
        options={yesNoOptions}
        value={values.hasRunAds}
        onValueChange={(v) => setField("hasRunAds", v)}
      />
      {values.hasRunAds === "yes" ? (
        <ChoiceGroup
          name="roas"
          legend={legends.roas}
          options={roasBands}
          value={values.roas}
          onValueChange={(v) => setField("roas", v)}
        />
      ) : null}
    </fieldset>
  );
}

export type { StringField };
