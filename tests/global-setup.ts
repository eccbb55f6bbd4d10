import { prepareSnapshot } from "../supabase/local/index.ts";
import { snapshotsEnabled } from "../supabase/local/snapshot.ts";

/**
 * Before any suite: the snapshot of the migrations and seed (supabase/local/snapshot.ts), built once
 * here when it is missing, so that the workers' first boots load it instead of each building it.
 * The PostgreSQL run (LOCAL_DB_URL) clones its own template instead.
 */
export default async function setup(): Promise<void> {
  if (process.env.LOCAL_DB_URL?.trim() || !snapshotsEnabled()) return;
  const started = Date.now();
  if (await prepareSnapshot()) {
    console.log(
      `Built the local database snapshot (migrations and seed) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}
