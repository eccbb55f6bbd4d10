import { describe, expect, it } from "vitest";
import { googleCalendarLink, httpsUrlOrNull, manageCallUrl } from "./links";

describe("manageCallUrl", () => {
  it("puts the token in the fragment of the booking's page, whatever the site URL's trailing slash", () => {
    expect(manageCallUrl("https://agency.example", "abc_DEF-123")).toBe(
      "https://agency.example/calls/manage#token=abc_DEF-123",
    );
    expect(manageCallUrl("https://agency.example/", "abc")).toBe("https://agency.example/calls/manage#token=abc");
  });
});

describe("googleCalendarLink", () => {
  it("fills Google's template with UTC times in the basic format", () => {
    const link = new URL(
      googleCalendarLink({
        title: "Discovery call",
        start: new Date("2026-12-01T09:30:00.000Z"),
        end: new Date("2026-12-01T10:00:00.000Z"),
        details: "About your goals",
        location: "https://meet.example/abc",
      }),
    );
    expect(link.searchParams.get("dates")).toBe("20261201T093000Z/20261201T100000Z");
    expect(link.searchParams.get("location")).toBe("https://meet.example/abc");
  });
});

describe("httpsUrlOrNull", () => {
  it("lets through an https URL only", () => {
    expect(httpsUrlOrNull("https://meet.google.com/abc-defg-hij")).toBe("https://meet.google.com/abc-defg-hij");
    for (const bad of ["http://meet.example", "javascript:alert(1)", "not a url", "", null, 42])
      expect(httpsUrlOrNull(bad)).toBeNull();
  });
});
