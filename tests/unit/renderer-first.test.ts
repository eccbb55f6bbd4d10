import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { descendants, isRenderer, isZygote, keepRenderersFirst } from "../../scripts/renderer-first";

describe("the processes below Chromium's", () => {
  it("are read from each process's children, down the tree", () => {
    const children: Record<string, string> = {
      "/proc/1/task/1/children": "2 3 ",
      "/proc/2/task/2/children": "4",
      "/proc/3/task/3/children": "",
      "/proc/4/task/4/children": "5 ",
      "/proc/5/task/5/children": "",
    };
    const read = (path: string) => {
      if (!(path in children)) throw new Error(`ENOENT: ${path}`);
      return children[path] ?? "";
    };
    expect(descendants(1, read, (pid) => [String(pid)])).toEqual([2, 4, 5, 3]);
  });

  it("are those each of a process's threads started", () => {
    const read = (path: string) => ({ "/proc/1/task/1/children": "2", "/proc/1/task/7/children": "3 " })[path] ?? "";
    expect(descendants(1, read, (pid) => (pid === 1 ? ["1", "7"] : [String(pid)]))).toEqual([2, 3]);
  });

  it("leave out a process that ended while they were read", () => {
    const read = (path: string) => {
      if (path === "/proc/1/task/1/children") return "2 3";
      throw new Error(`ENOENT: ${path}`);
    };
    expect(descendants(1, read, (pid) => [String(pid)])).toEqual([2, 3]);
  });
});

describe("a renderer", () => {
  it("is told by its type, whether its arguments are parted by NULs or, as Chromium writes them again, by spaces", () => {
    expect(isRenderer("/usr/lib/chromium/chromium\0--type=renderer\0--no-sandbox\0")).toBe(true);
    expect(isRenderer("/usr/lib/chromium/chromium --type=renderer --headless=old --no-sandbox")).toBe(true);
    expect(isRenderer("/usr/lib/chromium/chromium --type=gpu-process --no-sandbox")).toBe(false);
    expect(isRenderer("/usr/lib/chromium/chromium --type=zygote\0")).toBe(false);
    expect(isRenderer("/usr/lib/chromium/chromium --type=renderer-like")).toBe(false);
  });
});

describe("the zygote", () => {
  it("is told by its type, so that a renderer forked from it is read again until it names itself", () => {
    expect(isZygote("/usr/lib/chromium/chromium --type=zygote --no-sandbox")).toBe(true);
    expect(isZygote("/usr/lib/chromium/chromium\0--type=zygote\0")).toBe(true);
    expect(isZygote("/usr/lib/chromium/chromium --type=renderer --no-sandbox")).toBe(false);
    expect(isZygote("/usr/lib/chromium/chromium --type=gpu-process")).toBe(false);
  });
});

const policyOf = (pid: number) => spawnSync("chrt", ["--pid", String(pid)], { encoding: "utf8" }).stdout;

describe.runIf(process.platform === "linux")("putting the renderers first", () => {
  it("gives a renderer below the process the real-time policy, and leaves the others as they were", async () => {
    const hold = "setTimeout(() => {}, 20000)";
    const renderer = spawn(process.execPath, ["-e", hold, "--", "--type=renderer"], { stdio: "ignore" });
    const other = spawn(process.execPath, ["-e", hold, "--", "--type=gpu-process"], { stdio: "ignore" });
    try {
      // Both children are running, each with its type on its command line.
      await vi.waitFor(
        () => {
          for (const child of [renderer, other])
            expect(readFileSync(`/proc/${child.pid}/cmdline`, "utf8")).toContain("--type=");
        },
        { timeout: 10_000, interval: 20 },
      );
      const first = keepRenderersFirst(process.pid, 20);
      // A sweep runs whole between two of these reads: once the renderer is counted, the other was seen.
      await vi.waitFor(() => expect(first.describe()).toMatch(/in 1 renderer$|chrt refused/), {
        timeout: 10_000,
        interval: 20,
      });
      first.stop();
      if (process.getuid?.() === 0) {
        expect(policyOf(renderer.pid!)).toContain("SCHED_FIFO");
        expect(first.describe()).toMatch(/first on the cores \(SCHED_FIFO\) in 1 renderer$/);
      } else {
        // Without the privilege nothing changes, and the bench says why.
        expect(policyOf(renderer.pid!)).toContain("SCHED_OTHER");
        expect(first.describe()).toMatch(/chrt refused/);
      }
      expect(policyOf(other.pid!)).toContain("SCHED_OTHER");
    } finally {
      renderer.kill();
      other.kill();
    }
  });
  it("puts first a renderer that was still the zygote's copy when it was first seen", async () => {
    // Chromium forks each renderer from its zygote; the new process carries the zygote's command
    // line until it writes its own. This one writes its own after 400 ms.
    const becomes =
      "setTimeout(() => { process.title = 'chromium --type=renderer'; }, 400); setTimeout(() => {}, 20000)";
    const forked = spawn(process.execPath, ["-e", becomes, "--", "--type=zygote"], { stdio: "ignore" });
    try {
      await vi.waitFor(() => expect(readFileSync(`/proc/${forked.pid}/cmdline`, "utf8")).toContain("--type=zygote"), {
        timeout: 10_000,
        interval: 20,
      });
      const first = keepRenderersFirst(process.pid, 20);
      await vi.waitFor(() => expect(first.describe()).toMatch(/in 1 renderer$|chrt refused/), {
        timeout: 10_000,
        interval: 20,
      });
      first.stop();
      expect(policyOf(forked.pid!)).toContain(process.getuid?.() === 0 ? "SCHED_FIFO" : "SCHED_OTHER");
    } finally {
      forked.kill();
    }
  });
});
