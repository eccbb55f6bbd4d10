import { contactCopy, contactStorageKey, type ContactRequest } from "../../content/contact";

/** Fields that can fail validation, in the order they appear on the form. */
export type ValidatedField = "fullName" | "email";
export type ContactErrors = Partial<Record<ValidatedField, string>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's only rules: full name and a valid e-mail are required. */
export function validateContactRequest(values: Pick<ContactRequest, ValidatedField>): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.fullName.trim()) errors.fullName = contactCopy.errors.fullName;
  const email = values.email.trim();
  if (!email) errors.email = contactCopy.errors.emailMissing;
  else if (!emailPattern.test(email)) errors.email = contactCopy.errors.emailInvalid;
  return errors;
}

/**
 * The answers worth keeping: questions of services not chosen, and the ROAS band when no ads were
 * run, are dropped (they stay in the form's state so switching back restores them).
 */
export function toStoredRequest(values: ContactRequest): ContactRequest {
  const trimmed: ContactRequest = { ...values, fullName: values.fullName.trim(), email: values.email.trim() };
  if (values.service !== "web-design") Object.assign(trimmed, { hasWebsite: "", webPackage: "", reference: "", features: [] });
  if (values.service !== "crm") Object.assign(trimmed, { useCRM: "", crmPackage: "", teamSize: "", challenge: "" });
  if (values.service !== "paid-ads") Object.assign(trimmed, { adPlatform: "", adPackage: "", hasRunAds: "", roas: "" });
  if (trimmed.hasRunAds !== "yes") trimmed.roas = "";
  return trimmed;
}

/** Records the request for this tab only; nothing is sent to a server. */
export function saveContactRequest(values: ContactRequest): void {
  try {
    window.sessionStorage.setItem(contactStorageKey, JSON.stringify(toStoredRequest(values)));
  } catch {
    // Storage can be unavailable (private mode, quota); the thank-you page then greets generically.
  }
}

/** The first name of the stored request, or null when there is none or it cannot be read. */
export function readStoredFirstName(): string | null {
  try {
    const raw = window.sessionStorage.getItem(contactStorageKey);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ContactRequest>;
    const first = typeof parsed.fullName === "string" ? parsed.fullName.trim().split(/\s+/)[0] : "";
    return first ? first : null;
  } catch {
    return null;
  }
}
