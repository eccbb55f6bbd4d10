/**
 * The page's main thread first on the machine's cores, while the bench loads pages.
 *
 * A low-tier phone has eight cores; the page's main thread there seldom waits for one. The bench's
 * machine has two, and the load itself keeps them busy: Chromium runs the threads that draw (the
 * GPU process's, the compositors', the IO threads) at nice −8, the page's main thread at −8 or 0,
 * and Lighthouse, the browser and the network process share the same cores. A task of the page's
 * then waits for a core in the middle of its work, and Lantern multiplies the wait by the slowdown
 * with the work (an author page's commit: 15-21 ms on the wall clock for 7-8 ms of its thread's).
 *
 * Each renderer's main thread (the thread whose id is the process's) is given the real-time policy
 * SCHED_FIFO at its lowest priority as soon as the renderer appears (a renderer forked from the
 * zygote reads as the zygote for a moment; see `isZygote`): it then runs whenever it has work,
 * ahead of every ordinary thread, and the others share what it leaves. Chromium changes its
 * threads' nice values as pages come and go, never their policy, so the policy holds for the
 * renderer's life. The kernel's real-time throttling (95% of a second, by default) keeps a thread
 * stuck in a loop from taking a core whole.
 *
 * Node has no call for a thread's policy; util-linux's `chrt` sets it (one call for each new
 * renderer). Without the privilege (CAP_SYS_NICE) nothing is changed, and `describe` says so.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

export interface RendererFirst {
  /** What was done: how many renderers were put first, or why none was. */
  describe(): string;
  stop(): void;
}

/**
 * The processes below `pid`, from /proc's lists of children: one list for each of a process's threads,
 * each naming the processes that thread started.
 */
export function descendants(
  pid: number,
  read: (path: string) => string = (path) => readFileSync(path, "utf8"),
  threads: (pid: number) => string[] = (of) => readdirSync(`/proc/${of}/task`),
): number[] {
  const found: number[] = [];
  const visit = (parent: number) => {
    let children = "";
    try {
      for (const thread of threads(parent)) children += ` ${read(`/proc/${parent}/task/${thread}/children`)}`;
    } catch {
      // The process ended while it was read; what it started, if anything, is read with it.
    }
    for (const child of children.split(/\s+/).filter(Boolean).map(Number)) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/**
 * Whether a process's command line makes it one of Chromium's renderers. Chromium's child processes
 * write theirs again as one string, the arguments parted by spaces.
 */
export function isRenderer(cmdline: string): boolean {
  return cmdline.split(/[\0 ]/).includes("--type=renderer");
}

/**
 * Whether a process's command line is the zygote's. A renderer is forked from the zygote and carries
 * its command line until it writes its own, a moment later: such a process is read again at the next
 * sweep rather than taken for one that is no renderer.
 */
export function isZygote(cmdline: string): boolean {
  return cmdline.split(/[\0 ]/).includes("--type=zygote");
}

/**
 * Puts each renderer below `browserPid` first, now and every `everyMs` until stopped. A page's
 * renderer is usually started before its navigation (Chromium keeps a spare one ready).
 */
export function keepRenderersFirst(browserPid: number, everyMs = 5): RendererFirst {
  const seen = new Map<number, boolean>();
  let refused: string | undefined;
  const sweep = () => {
    if (refused) return;
    for (const pid of descendants(browserPid)) {
      if (seen.has(pid)) continue;
      let cmdline = "";
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {
        continue;
      }
      if (!isRenderer(cmdline)) {
        if (!isZygote(cmdline)) seen.set(pid, false);
        continue;
      }
      const chrt = spawnSync("chrt", ["--fifo", "--pid", "1", String(pid)], { encoding: "utf8" });
      if (chrt.status !== 0) {
        // A renderer may end between the listing and the call: it is gone, not refused.
        if (!existsSync(`/proc/${pid}`)) continue;
        refused = (chrt.stderr || chrt.error?.message || `chrt exited ${chrt.status}`).trim();
        return;
      }
      seen.set(pid, true);
    }
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  const putFirst = () => {
    const count = [...seen.values()].filter(Boolean).length;
    return `${count} renderer${count === 1 ? "" : "s"}`;
  };
  return {
    describe: () =>
      refused
        ? `the page's main thread was left to wait for a core with the others (chrt refused: ${refused})`
        : `the page's main thread first on the cores (SCHED_FIFO) in ${putFirst()}`,
    stop: () => clearInterval(timer),
  };
}
