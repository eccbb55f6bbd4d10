/**
 * Starts `task` without waiting for it (an event handler, a step after start-up, the end of an
 * animation): if it fails, the error is logged with what was being done, so it reaches the console
 * and the browser's error reports rather than passing unnoticed.
 */
export function runDetached(task: Promise<unknown>, doing: string): void {
  task.catch((error: unknown) => {
    console.error(`${doing} failed:`, error);
  });
}
