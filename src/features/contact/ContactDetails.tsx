import { TextAreaField, TextField } from "../../components/ui/Field";
import { contactCopy, type ContactRequest } from "../../content/contact";
import type { LeadErrors } from "../../lib/lead-rules";
import { bindText, type StringField } from "./ServiceQuestions";

const { legends, placeholders } = contactCopy;

interface ContactDetailsProps {
  values: ContactRequest;
  errors: LeadErrors;
  setField: (field: StringField, value: string) => void;
}

/**
 * Who is asking: name, company, e-mail, phone and a message. They are in the prerendered page, so
 * each keeps what the visitor typed before the script took over.
 */
export function ContactDetails({ values, errors, setField }: ContactDetailsProps) {
  const field = (name: "fullName" | "companyName" | "email" | "phone" | "message") => ({
    ...bindText({ values, errors, setField }, name),
    keepTypedBeforeHydration: true,
  });
  return (
    <fieldset className="space-y-5">
      <legend className="mb-4 text-base font-bold text-ink">{legends.contact}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="contact-full-name"
          {...field("fullName")}
          required
          autoComplete="name"
          placeholder={placeholders.fullName}
        />
        <TextField id="contact-company" {...field("companyName")} autoComplete="organization" />
        <TextField
          id="contact-email"
          {...field("email")}
          type="email"
          required
          autoComplete="email"
          placeholder={placeholders.email}
        />
        <TextField
          id="contact-phone"
          {...field("phone")}
          type="tel"
          autoComplete="tel"
          placeholder={placeholders.phone}
        />
      </div>
      <TextAreaField id="contact-message" {...field("message")} rows={4} />
    </fieldset>
  );
}
