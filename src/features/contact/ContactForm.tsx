import { Button } from "../../components/ui/Button";
import { contactCopy, type ServiceId } from "../../content/contact";
import { ContactDetails } from "./ContactDetails";
import { SendFailure } from "./SendFailure";
import { ServicePicker } from "./ServicePicker";
import { ServiceQuestions } from "./ServiceQuestions";
import { useContactForm } from "./use-contact-form";
import { Honeypot } from "../../components/ui/Honeypot";

/**
 * The contact form. It sends the answers to api/contact (stored as a lead with the visit's
 * attribution) and goes to /thank-you. On any failure every answer stays, the form says what went
 * wrong and offers to try again, by e-mail or on WhatsApp. Before the script has loaded, the form
 * posts itself to the same function, which answers with a page (api/contact.ts).
 */
export function ContactForm() {
  const { values, errors, sending, failure, setField, toggleFeature, handleSubmit, formRef, honeypotRef } =
    useContactForm();
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
      <ServicePicker value={values.service} onPick={(service: ServiceId) => setField("service", service)} />
      <ServiceQuestions values={values} setField={setField} toggleFeature={toggleFeature} errors={errors} />
      <ContactDetails values={values} errors={errors} setField={setField} />
      <Honeypot id="contact-website" inputRef={honeypotRef} />
      {failure ? <SendFailure message={failure} sending={sending} /> : null}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending}>
        {sending ? contactCopy.sending : contactCopy.submit}
      </Button>
    </form>
  );
}
