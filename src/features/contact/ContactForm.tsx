import { Check } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../components/ui/Button";
import { contactCopy, emptyContactRequest, serviceOptions, type ContactRequest, type ServiceId } from "../../content/contact";
import { saveContactRequest, validateContactRequest, type ContactErrors, type ValidatedField } from "./contact-request";
import { useCheckedBeforeHydration } from "../../lib/use-typed-before-hydration";
import { TextAreaField, TextField } from "./fields";
import { ServiceQuestions, type StringField } from "./ServiceQuestions";

const { legends, labels, placeholders } = contactCopy;

/**
 * The contact form. It records the answers in this tab's sessionStorage and goes to /thank-you;
 * nothing is sent to a server (the hosted intake form behind 'Get Started' is the full path).
 */
export function ContactForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<ContactRequest>(emptyContactRequest);
  const [errors, setErrors] = useState<ContactErrors>({});
  const fieldRefs = {
    fullName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
  } satisfies Record<ValidatedField, unknown>;
  const serviceGroup = useRef<HTMLFieldSetElement>(null);
  useCheckedBeforeHydration(serviceGroup, ([service]) => service && setField("service", service as ServiceId));

  function setField(field: StringField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // Once an error is shown, it clears as soon as the field becomes valid.
    if (field === "fullName" || field === "email") {
      setErrors((current) => {
        if (!current[field]) return current;
        const next = { ...current };
        const stillWrong = validateContactRequest({ ...values, [field]: value })[field];
        if (stillWrong) next[field] = stillWrong;
        else delete next[field];
        return next;
      });
    }
  }

  function toggleFeature(feature: string) {
    setValues((current) => ({
      ...current,
      features: current.features.includes(feature) ? current.features.filter((item) => item !== feature) : [...current.features, feature],
    }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContactRequest(values);
    setErrors(found);
    const firstInvalid = (["fullName", "email"] as const).find((field) => found[field]);
    if (firstInvalid) {
      fieldRefs[firstInvalid].current?.focus();
      return;
    }
    saveContactRequest(values);
    navigate("/thank-you");
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="contact-form-heading" className="space-y-8">
      <div>
        <h2 id="contact-form-heading" className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
          {contactCopy.formHeading}
        </h2>
        <p className="mt-2 text-sm text-ink-muted">{contactCopy.requiredHint}</p>
      </div>

      <fieldset ref={serviceGroup}>
        <legend className="text-base font-bold text-ink">{legends.service}</legend>
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          {serviceOptions.map((option) => (
            <label
              key={option.value}
              className="group relative flex cursor-pointer flex-col rounded-card border-2 border-slate-200 bg-white p-4 transition-colors hover:border-brand-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2"
            >
              <input
                type="radio"
                name="service"
                value={option.value}
                checked={values.service === option.value}
                onChange={() => setField("service", option.value as ServiceId)}
                className="sr-only"
              />
              <span className="flex items-start justify-between gap-2">
                <span className="font-bold text-ink">{option.label}</span>
                <span
                  aria-hidden="true"
                  className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 border-slate-300 text-white group-has-[:checked]:border-brand-700 group-has-[:checked]:bg-brand-700"
                >
                  <Check className="h-3 w-3" strokeWidth={3} />
                </span>
              </span>
              <span className="mt-2 text-sm text-ink-muted">{option.description}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <ServiceQuestions values={values} setField={setField} toggleFeature={toggleFeature} />

      <fieldset className="space-y-5">
        <legend className="mb-4 text-base font-bold text-ink">{legends.contact}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="contact-full-name"
            label={labels.fullName}
            required
            autoComplete="name"
            placeholder={placeholders.fullName}
            value={values.fullName}
            onValueChange={(v) => setField("fullName", v)}
            error={errors.fullName}
            inputRef={fieldRefs.fullName}
          />
          <TextField
            id="contact-company"
            label={labels.companyName}
            autoComplete="organization"
            value={values.companyName}
            onValueChange={(v) => setField("companyName", v)}
          />
          <TextField
            id="contact-email"
            label={labels.email}
            type="email"
            required
            autoComplete="email"
            placeholder={placeholders.email}
            value={values.email}
            onValueChange={(v) => setField("email", v)}
            error={errors.email}
            inputRef={fieldRefs.email}
          />
          <TextField
            id="contact-phone"
            label={labels.phone}
            type="tel"
            autoComplete="tel"
            placeholder={placeholders.phone}
            value={values.phone}
            onValueChange={(v) => setField("phone", v)}
          />
        </div>
        <TextAreaField id="contact-message" label={labels.message} value={values.message} onValueChange={(v) => setField("message", v)} />
      </fieldset>

      <Button type="submit" size="lg" className="w-full sm:w-auto">
        {contactCopy.submit}
      </Button>
    </form>
  );
}
