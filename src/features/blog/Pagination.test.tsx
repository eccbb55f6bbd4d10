import { describe, expect, it } from "vitest";
import { pageWindow } from "./Pagination";

describe("pagination window", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("keeps the first, the last and two on each side of the current page, with gaps", () => {
    expect(pageWindow(1, 167)).toEqual([1, 2, 3, null, 167]);
    expect(pageWindow(50, 167)).toEqual([1, null, 48, 49, 50, 51, 52, null, 167]);
    expect(pageWindow(167, 167)).toEqual([1, null, 165, 166, 167]);
    expect(pageWindow(4, 167)).toEqual([1, 2, 3, 4, 5, 6, null, 167]);
  });
});
