import { useEffect, useState, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { Button } from "../../components/ui/Button";
import { adminCopy } from "../../content/admin";
import { isAdminUser } from "./data/admin-access";
import { getSupabase } from "../../lib/supabase";
import { useAuth } from "../auth";
import { NoAdminAccess } from "./NoAdminAccess";

type CheckAdmin = (userId: string) => Promise<boolean>;
type Access = { userId: string; verdict: "admin" | "not-admin" | "unknown" };

async function checkWithSupabase(userId: string): Promise<boolean> {
  return isAdminUser(await getSupabase(), userId);
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center text-ink-muted">
      {children}
    </div>
  );
}

/**
 * 'Loading...' while the session is read; no user sends the visitor to /login, remembering where
 * from; a signed-in user who is not an admin is told so (RLS would show them nothing anyway).
 */
export function RequireAuth({
  children,
  checkAdmin = checkWithSupabase,
}: {
  children: ReactNode;
  checkAdmin?: CheckAdmin;
}) {
  const { user, loading, signOut } = useAuth();
  const location = useLocation();
  const [access, setAccess] = useState<Access | null>(null);
  const [attempt, setAttempt] = useState(0);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let active = true;
    checkAdmin(userId).then(
      (admin) => active && setAccess({ userId, verdict: admin ? "admin" : "not-admin" }),
      (error: unknown) => {
        console.error("Could not check admin access", error);
        if (active) setAccess({ userId, verdict: "unknown" });
      },
    );
    return () => {
      active = false;
    };
  }, [userId, attempt, checkAdmin]);

  if (!loading && !user)
    return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } }} />;
  if (loading || !user || access?.userId !== user.id) {
    return (
      <Centered>
        <p role="status" aria-live="polite">
          {adminCopy.loading}
        </p>
      </Centered>
    );
  }
  if (access.verdict === "not-admin") return <NoAdminAccess email={user.email} signOut={signOut} />;
  if (access.verdict === "unknown") {
    return (
      <Centered>
        <p role="alert">{adminCopy.noAccess.checkFailed}</p>
        <Button
          onClick={() => {
            setAccess(null);
            setAttempt((value) => value + 1);
          }}
        >
          {adminCopy.noAccess.retry}
        </Button>
      </Centered>
    );
  }
  return <>{children}</>;
}
