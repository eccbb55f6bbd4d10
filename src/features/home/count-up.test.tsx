import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STAT_COUNT_DURATION_MS, stats } from "../../content/home";
import { formatStat } from "./count-up";
import { StatCounter, StatsSection } from "./StatsSection";

const leads = stats.find((stat) => stat.label === "Leads Captured")!;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("formatStat", () => {
  it("adds English thousands separators, the prefix and the suffix", () => {
    expect(formatStat(8200, "+", "")).toBe("+8,200");
    expect(formatStat(150, "+")).toBe("+150");
    expect(formatStat(98, "", "%")).toBe("98%");
    expect(formatStat(1234567)).toBe("1,234,567");
  });

  it("rounds the in-between values of a running counter", () => {
    expect(formatStat(4099.6, "+")).toBe("+4,100");
    expect(formatStat(0, "+")).toBe("+0");
  });

  it("groups as toLocaleString('en-US') does, without Intl", () => {
    const values = [0, 7, 999, 1000, 1001, 99_999, 100_000, 123_456_789, -1234, -999, 1e15];
    expect(values.map((value) => formatStat(value))).toEqual(values.map((value) => value.toLocaleString("en-US")));
  });
});

describe("stat counters", () => {
  it("use the spec's figures and a 1.5 s default duration", () => {
    expect(STAT_COUNT_DURATION_MS).toBe(1500);
    expect(stats.map((stat) => [stat.label, formatStat(stat.value, stat.prefix, stat.suffix)])).toEqual([
      ["Projects Completed", "+150"],
      ["Leads Captured", "+8,200"],
      ["Campaigns Launched", "+400"],
      ["Clients Served", "98%"],
    ]);
  });

  it("count up from 0 to +8,200 when in view, while screen readers get the final figure", async () => {
    render(
      <dl>
        <StatCounter stat={leads} />
      </dl>,
    );
    // After mount the visible number restarts at 0; the hidden text already holds the final value.
    expect(screen.getByText("+0")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByText("+8,200")).toHaveClass("sr-only");
    await waitFor(() => expect(screen.getAllByText("+8,200")).toHaveLength(2), {
      timeout: STAT_COUNT_DURATION_MS + 1500,
    });
    expect(screen.queryByText("+0")).not.toBeInTheDocument();
  });

  it("show the final values at once under prefers-reduced-motion", () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) =>
        ({
          matches: query.includes("reduce"),
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    render(<StatsSection />);
    expect(screen.getByRole("heading", { name: "Numbers Don't Lie" })).toBeInTheDocument();
    for (const label of ["+150", "+8,200", "+400", "98%"]) expect(screen.getAllByText(label)).toHaveLength(2);
    expect(screen.queryByText("+0")).not.toBeInTheDocument();
  });
});
