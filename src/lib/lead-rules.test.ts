import { describe, expect, expectTypeOf, it } from "vitest";
import { contactCopy, emptyContactRequest, leadForm, type ContactRequest } from "../content/contact";
import {
  cleanTouch,
  firstLeadError,
  LEAD_FIELD_ORDER,
  leadErrors as leadErrorsIn,
  readAnswers as readAnswersIn,
  toLeadRow,
  type LeadAnswers,
  type LeadField,
} from "./lead-rules";

const leadErrors = (values: ContactRequest) => leadErrorsIn(values, leadForm);
const readAnswers = (body: Record<string, unknown>) => readAnswersIn(body, leadForm);

const answers = (change: Partial<ContactRequest>): ContactRequest => ({
  ...emptyContactRequest,
  fullName: "Amaka Okafor",
  email: "amaka@example.ng",
  ...change,
});

describe("the rules of an enquiry", () => {
  it("know every question of the form, in its order", () => {
    expect(LEAD_FIELD_ORDER).toEqual(Object.keys(emptyContactRequest));
    expect(Object.keys(leadForm.labels)).toEqual(Object.keys(emptyContactRequest));
    // The form's answers are what the rules read: the same questions, each answered in a type they take.
    expectTypeOf<keyof ContactRequest>().toEqualTypeOf<LeadField>();
    expectTypeOf<ContactRequest>().toExtend<LeadAnswers>();
  });

  it("require only a name and a valid e-mail (spec)", () => {
    expect(leadErrors(answers({}))).toEqual({});
    expect(leadErrors(answers({ fullName: " ", email: "" }))).toEqual({
      fullName: contactCopy.errors.fullName,
      email: contactCopy.errors.emailMissing,
    });
    expect(leadErrors(answers({ email: "amaka@example" })).email).toBe(contactCopy.errors.emailInvalid);
  });

  it("ignore the answers of a service not chosen, as they are not stored", () => {
    expect(leadErrors(answers({ service: "crm", webPackage: "Not a package", reference: "x".repeat(5000) }))).toEqual(
      {},
    );
    expect(leadErrors(answers({ service: "web-design", webPackage: "Not a package" })).webPackage).toMatch(
      /offered answers/,
    );
  });

  it("report the first error in the order of the form", () => {
    expect(firstLeadError(leadErrors(answers({ fullName: "", phone: "abc" })))?.field).toBe("fullName");
    expect(firstLeadError(leadErrors(answers({ service: "crm", teamSize: "1.5", phone: "abc" })))?.field).toBe(
      "teamSize",
    );
  });

  it("read a form body's single checkbox as a list, and refuse a field of the wrong type", () => {
    expect(readAnswers({ features: "speed", fullName: "A" })).toMatchObject({
      values: { features: ["speed"], fullName: "A" },
    });
    expect(readAnswers({ teamSize: 12 })).toMatchObject({ values: { teamSize: "12" } });
    expect(readAnswers({ email: ["a@b.co"] })).toEqual({ field: "email", message: "“Email address” must be text." });
  });

  it("turn answers into a row with empty answers as null and only the chosen service's questions", () => {
    const row = toLeadRow(
      answers({
        service: "crm",
        useCRM: "yes",
        teamSize: " 12 ",
        challenge: "",
        webPackage: "GrowthSite",
        companyName: "  ",
      }),
    );
    expect(row).toMatchObject({
      service: "crm",
      uses_crm: "yes",
      team_size: 12,
      challenge: null,
      web_package: null,
      company_name: null,
      first_touch: null,
    });
  });

  it("keep only known, bounded, well-formed attribution", () => {
    expect(
      cleanTouch({
        utm_source: " facebook ",
        landing_page: "//evil.example",
        referrer: "https://google.com/",
        at: "2026-11-22T10:00:00Z",
        extra: "x",
      }),
    ).toEqual({
      utm_source: "facebook",
      referrer: "https://google.com/",
      at: "2026-11-22T10:00:00Z",
    });
    expect(cleanTouch([])).toBeNull();
    expect(cleanTouch({ utm_source: 1 })).toBeNull();
  });
});
