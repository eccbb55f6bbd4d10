import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS, dismissToast, toast } from "./toast-store";
import { Toaster } from "./Toaster";

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe("Toaster", () => {
  it("shows one toast at a time: a new toast replaces the current one", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "First", description: "one" });
    });
    expect(await screen.findByText("First")).toBeInTheDocument();
    act(() => {
      toast({ title: "Second", description: "two" });
    });
    expect(screen.getByText("Second")).toBeInTheDocument();
    expect(screen.queryByText("First")).not.toBeInTheDocument();
  });

  it("closes after 5000 ms", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Loading the view" });
    });
    await screen.findByText("Loading the view");
    vi.useFakeTimers();
    act(() => {
      toast({ title: "Saved" });
    });
    expect(screen.getByText("Saved")).toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(5000);
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByText("Saved")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText("Saved")).not.toBeInTheDocument();
  });
});
