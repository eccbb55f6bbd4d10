/**
 * Whether the process `pid` is running: signal 0 checks without sending anything, and EPERM means
 * it runs as another user. For the lock files of the local database's folder
 * (supabase/local/vite-plugin.ts) and of the end-to-end servers' ports (scripts/e2e-port.ts).
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
