import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { isRunning } from "./process.ts";

describe("isRunning", () => {
  it("is true of this process and false of one that has exited", () => {
    expect(isRunning(process.pid)).toBe(true);
    const exited = spawnSync(process.execPath, ["-e", ""]);
    expect(exited.status).toBe(0);
    expect(isRunning(exited.pid!)).toBe(false);
  });
});
