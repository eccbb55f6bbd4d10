import { useDeferredValue, type ReactNode } from "react";
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

/** One service's questions, under the service's name. */
function QuestionGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-6 rounded-card border border-brand-100 bg-brand-50/50 p-5 sm:p-6">
      <legend className="float-left mb-5 w-full text-lg font-bold text-brand-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

type ChoiceField = StringField & keyof typeof legends;

/** A one-answer question bound to its form field, which names it, gives its legend and holds the answer. */
function bindChoice({ values, setField }: ServiceQuestionsProps, field: ChoiceField) {
  return {
    name: field,
    legend: legends[field],
    value: values[field],
    onValueChange: (value: string) => setField(field, value),
  };
}

type TextQuestion = StringField & keyof typeof labels;

/**
 * A free-text question bound to its form field, which names it, gives its label and holds the
 * answer and its error (the service's questions here, the visitor's details in ContactDetails).
 */
export function bindText(
  { values, setField, errors = {} }: Pick<ServiceQuestionsProps, "values" | "setField" | "errors">,
  field: TextQuestion,
) {
  return {
    name: field,
    label: labels[field],
    value: values[field],
    onValueChange: (value: string) => setField(field, value),
    error: errors[field],
  };
}

/**
 * The questions of the chosen service; nothing shows until a service is chosen. They follow the pick
 * a render later (a deferred value, rendered as a transition React can pause for a frame): the tap
 * on a service card is answered by the card at once (its radio is checked by the browser and styled
 * with `:has(:checked)`), and mounting a service's questions is not part of the tap's task. It was:
 * at the low-tier phone's slowdown, the click's task was 124-183 ms, React's render of the questions
 * and the style and layout it forced most of it.
 */
export function ServiceQuestions(props: ServiceQuestionsProps) {
  const service = useDeferredValue(props.values.service);
  if (service === "web-design") return <WebDesignQuestions {...props} />;
  if (service === "crm") return <CrmQuestions {...props} />;
  if (service === "paid-ads") return <PaidAdsQuestions {...props} />;
  return null;
}

/** Web design: is there a site already, which package, a site the visitor likes, and the features wanted. */
function WebDesignQuestions(props: ServiceQuestionsProps) {
  const { values, toggleFeature } = props;
  return (
    <QuestionGroup legend={legends.webDesign}>
      <ChoiceGroup {...bindChoice(props, "hasWebsite")} className="clear-both" options={yesNoOptions} />
      <ChoiceGroup {...bindChoice(props, "webPackage")} options={webPackages} />
      <TextField id="contact-reference" {...bindText(props, "reference")} placeholder={placeholders.reference} />
      <CheckboxGroup
        name="features"
        legend={legends.features}
        options={webFeatures}
        values={values.features}
        onToggle={toggleFeature}
      />
    </QuestionGroup>
  );
}

/** CRM: is one in use, which package, the team's size and the challenge to solve. */
function CrmQuestions(props: ServiceQuestionsProps) {
  return (
    <QuestionGroup legend={legends.crm}>
      <ChoiceGroup {...bindChoice(props, "useCRM")} className="clear-both" options={yesNoOptions} />
      <ChoiceGroup {...bindChoice(props, "crmPackage")} options={crmPackages} />
      <TextField
        id="contact-team-size"
        {...bindText(props, "teamSize")}
        type="number"
        min={1}
        inputMode="numeric"
        className="max-w-xs"
      />
      <TextAreaField id="contact-challenge" {...bindText(props, "challenge")} rows={4} />
    </QuestionGroup>
  );
}

/** Paid ads: the platform, the package, whether ads ran before and, if they did, their return. */
function PaidAdsQuestions(props: ServiceQuestionsProps) {
  const { values } = props;
  return (
    <QuestionGroup legend={legends.paidAds}>
      <ChoiceGroup {...bindChoice(props, "adPlatform")} className="clear-both" options={adPlatforms} />
      <ChoiceGroup {...bindChoice(props, "adPackage")} options={adPackages} />
      <ChoiceGroup {...bindChoice(props, "hasRunAds")} options={yesNoOptions} />
      {values.hasRunAds === "yes" ? <ChoiceGroup {...bindChoice(props, "roas")} options={roasBands} /> : null}
    </QuestionGroup>
  );
}

export type { StringField };
