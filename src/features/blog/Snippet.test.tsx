import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LESS_THAN, MATCH_END, MATCH_START, Snippet } from "./Snippet";

describe("Snippet", () => {
  it("marks the matched words and renders everything else as text", () => {
    const { container } = render(
      <p>
        <Snippet
          text={`Use a ${MATCH_START}CRM${MATCH_END} with ${LESS_THAN}b>care${LESS_THAN}/b> and ${MATCH_START}automation${MATCH_END}.`}
        />
      </p>,
    );
    expect([...container.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["CRM", "automation"]);
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe("Use a CRM with <b>care</b> and automation.");
  });

  it("survives unbalanced markers", () => {
    const { container } = render(<Snippet text={`${MATCH_END}tail ${MATCH_START}open`} />);
    expect(container.textContent).toBe("tail open");
    expect(container.querySelector("mark")?.textContent).toBe("open");
  });
});
