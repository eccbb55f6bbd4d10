import { Check, Mail, MessageCircle, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../components/ui/Button";
import { config } from "../../config";
import { whatsappHref } from "../../config-defaults";
import { contactCopy, emptyContactRequest, leadForm, serviceOptions, type ContactRequest, type ServiceId } from "../../content/contact";
import { whatsappChat } from "../../content/site";
import { firstLeadError, leadErrors, type LeadErrors, type LeadField } from "../../lib/lead-rules";
import { useCheckedBeforeHydration } from "../../lib/use-typed-before-hydration";
import { saveContactRequest, sendContactRequest } from "./contact-request";
import { TextAreaField, TextField } from "./fields";
import { ServiceQuestions, type StringField } from "./ServiceQuestions";

const { legends, labels, placeholders, failure: failureCopy } = contactCopy;

/** Fields whose message shows beside them; any other refusal shows in the banner. */
const INLINE_FIELDS = new Set<LeadField>(["fullName", "email", "companyName", "phone", "message", "reference", "teamSize", "challenge"]);

/**
 * The contact form. It sends the answers to api/contact (stored as a lead with the visit's
 * attribution) and goes to /thank-you. On any failure every answer stays, the form says what went
 * wrong and offers to try again, by e-mail or on WhatsApp. Before the script has loaded, the form
 * posts itself to the same function, which answers with a page (api/contact.ts).
 */
export function ContactForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<ContactRequest>(emptyContactRequest);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const openedAt = useRef(0);
  const serviceGroup = useRef<HTMLFieldSetElement>(null);
  useCheckedBeforeHydration(serviceGroup, ([service]) => service && setField("service", service as ServiceId));

  useEffect(() => {
    openedAt.current = performance.now();
  }, []);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  function setField(field: StringField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // Once an error is shown, it clears as soon as the field becomes valid.
    if (errors[field]) {
      const stillWrong = leadErrors({ ...values, [field]: value }, leadForm)[field];
      setErrors((shown) => {
        const { [field]: _cleared, ...rest } = shown;
        return stillWrong ? { ...rest, [field]: stillWrong } : rest;
      });
    }
  }

  function toggleFeature(feature: string) {
    setValues((current) => ({
      ...current,
      features: current.features.includes(feature) ? current.features.filter((item) => item !== feature) : [...current.features, feature],
    }));
  }

  function focusField(field: LeadField) {
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = leadErrors(values, leadForm);
    setErrors(found);
    const first = firstLeadError(found);
    if (first) {
      setFailure(INLINE_FIELDS.has(first.field) ? null : first.message);
      focusField(first.field);
      return;
    }
    setSending(true);
    setFailure(null);
    const outcome = await sendContactRequest(values, { elapsedMs: performance.now() - openedAt.current, website: honeypotRef.current?.value ?? "" });
    setSending(false);
    if (outcome.ok) {
      saveContactRequest(values);
      navigate("/thank-you");
      return;
    }
    if (outcome.field && INLINE_FIELDS.has(outcome.field)) {
      setErrors((shown) => ({ ...shown, [outcome.field!]: outcome.message }));
      focusField(outcome.field);
      return;
    }
    setFailure(outcome.message);
  }

  const pageUrl = `${config.siteUrl}/contact`;

  return (
    <form
      ref={formRef}
      method="post"
      action="/api/contact"
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="contact-form-heading"
      aria-busy={sending}
      className="space-y-8"
    >
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

      <ServiceQuestions values={values} setField={setField} toggleFeature={toggleFeature} errors={errors} />

      <fieldset className="space-y-5">
        <legend className="mb-4 text-base font-bold text-ink">{legends.contact}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="contact-full-name"
            name="fullName"
            label={labels.fullName}
            required
            autoComplete="name"
            placeholder={placeholders.fullName}
            value={values.fullName}
            onValueChange={(v) => setField("fullName", v)}
            error={errors.fullName}
          />
          <TextField
            id="contact-company"
            name="companyName"
            label={labels.companyName}
            autoComplete="organization"
            value={values.companyName}
            onValueChange={(v) => setField("companyName", v)}
            error={errors.companyName}
          />
          <TextField
            id="contact-email"
            name="email"
            label={labels.email}
            type="email"
            required
            autoComplete="email"
            placeholder={placeholders.email}
            value={values.email}
            onValueChange={(v) => setField("email", v)}
            error={errors.email}
          />
          <TextField
            id="contact-phone"
            name="phone"
            label={labels.phone}
            type="tel"
            autoComplete="tel"
            placeholder={placeholders.phone}
            value={values.phone}
            onValueChange={(v) => setField("phone", v)}
            error={errors.phone}
          />
        </div>
        <TextAreaField
          id="contact-message"
          name="message"
          label={labels.message}
          value={values.message}
          onValueChange={(v) => setField("message", v)}
          error={errors.message}
        />
      </fieldset>

      {/* A field people never see or reach; form-filling bots fill it in (api/contact.ts). */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website (leave empty)</label>
        <input ref={honeypotRef} id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {failure ? (
        <div ref={failureRef} role="alert" tabIndex={-1} className="rounded-card border border-red-200 bg-red-50 p-5 outline-none focus-ring-danger">
          <p className="font-bold text-red-800">{failureCopy.heading}</p>
          <p className="mt-1 text-ink">
            {failure} {failureCopy.kept}
          </p>
          <Button type="submit" variant="danger" size="sm" className="mt-4" disabled={sending}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {failureCopy.retry}
          </Button>
          <p className="mt-4 text-sm font-semibold text-ink">{failureCopy.alternatives}</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <a
              href={`mailto:${config.contactEmail}`}
              className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50 focus-ring"
            >
              <Mail aria-hidden="true" className="h-4 w-4" />
              {failureCopy.email}
            </a>
            <a
              href={whatsappHref(config.whatsappNumber, whatsappChat.message(pageUrl))}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50 focus-ring"
            >
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              {failureCopy.whatsapp}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </div>
      ) : null}

      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending}>
        {sending ? contactCopy.sending : contactCopy.submit}
      </Button>
    </form>
  );
}
