import { describe, expect, it } from "vitest";
import { escapeHtml, isEmailAddress, MAX_EMAIL_LENGTH, oneLine } from "./text";

describe("escapeHtml", () => {
  it("leaves no character that could open a tag, an entity or leave an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("isEmailAddress", () => {
  it("takes ordinary addresses", () => {
    for (const address of ["amaka@example.ng", "first.last+tag@mail.example.com.ng", "o'neil@example.co"])
      expect(isEmailAddress(address), address).toBe(true);
  });

  it("refuses what is not one address, or is too long", () => {
    const long = `${"a".repeat(MAX_EMAIL_LENGTH - "@example.ng".length + 1)}@example.ng`;
    for (const address of [
      "",
      "amaka",
      "amaka@example",
      "amaka@example.n",
      "a b@example.ng",
      "a@b@example.ng",
      "<a>@example.ng",
      "a,b@example.ng",
      '"a"@example.ng',
      "a@example.ng;b@example.ng",
      long,
    ]) {
      expect(isEmailAddress(address), address).toBe(false);
    }
  });
});

describe("oneLine", () => {
  it("turns line breaks, tabs, control characters and runs of spaces into single spaces", () => {
    expect(oneLine("  Ada\r\nObi\tOkafor\u2028Ltd\u0000 \u0007 and   co  ")).toBe("Ada Obi Okafor Ltd and co");
    expect(oneLine("Adébáyọ̀ Ọ̀ṣúnkẹ́mi")).toBe("Adébáyọ̀ Ọ̀ṣúnkẹ́mi");
    expect(oneLine(" \n ")).toBe("");
  });
});
