import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { emptyContactRequest, leadForm, type ContactRequest } from "../../content/contact";
import { firstLeadError, leadErrors, type LeadErrors, type LeadField } from "../../lib/lead-rules";
import { saveContactRequest, sendContactRequest } from "./contact-request";
import type { StringField } from "./ServiceQuestions";

/** Fields whose message shows beside them; any other refusal shows in the banner. */
const INLINE_FIELDS = new Set<LeadField>([
  "fullName",
  "email",
  "companyName",
  "phone",
  "message",
  "reference",
  "teamSize",
  "challenge",
]);

/**
 * The contact form's answers, their errors and the sending of them: checked here first (the first
 * wrong field takes the focus), then sent to api/contact; on success the answers are kept for the
 * thank-you page, which the form goes to. A refusal of one field shows beside it; any other failure
 * is `failure`, with every answer kept.
 */
export function useContactForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<ContactRequest>(emptyContactRequest);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const openedAt = useRef(0);

  useEffect(() => {
    openedAt.current = performance.now();
  }, []);

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
      features: current.features.includes(feature)
        ? current.features.filter((item) => item !== feature)
        : [...current.features, feature],
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
    const outcome = await sendContactRequest(values, {
      elapsedMs: performance.now() - openedAt.current,
      website: honeypotRef.current?.value ?? "",
    });
    setSending(false);
    if (outcome.ok) {
      saveContactRequest(values, outcome.bookingToken);
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

  return { values, errors, sending, failure, setField, toggleFeature, handleSubmit, formRef, honeypotRef };
}
