import { describe, expect, it } from "vitest";
import { errorMessage } from "./error-message";

describe("errorMessage", () => {
  it("reads an Error's message, a supabase-js error object's message, or the value itself", () => {
    expect(errorMessage(new Error("Network down"))).toBe("Network down");
    expect(
      errorMessage({ message: "permission denied for table leads", code: "42501", details: null, hint: null }),
    ).toBe("permission denied for table leads");
    expect(errorMessage("offline")).toBe("offline");
    expect(errorMessage(new Error(""))).toBe("Error");
    expect(errorMessage({ code: "500" })).toBe("[object Object]");
  });
});
