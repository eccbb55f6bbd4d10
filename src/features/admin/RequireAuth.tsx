import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { Button } from "../../components/ui/Button";
import { adminCopy } from "../../content/admin";
import { memberStanding, type Standing } from "./data/admin-access";
import { readSecondFactorRequired } from "./data/security";
import { hasVerifiedFactor, needsSecondFactor, useAuth } from "../auth";
import { MemberProvider, memberOf } from "./member";
import { NoAdminAccess } from "./NoAdminAccess";
import { useSupabase, type SupabaseLoader } from "./supabase-context";

/** The user's role on the team and what it allows, or null when they are not a member. */
type CheckMember = (userId: string) => Promise<Standing | null>;
/** Whether the agency requires a second factor of the roles that read personal data (the database's setting). */
type CheckRequirement = () => Promise<boolean>;
type Access =
  | { userId: string; verdict: "member"; standing: Standing; factorRequired: boolean }
  | { userId: string; verdict: "not-admin" | "unknown" };

/** What the session's assurance level asks of the admin before any screen. */
export interface Assurance {
  /** Signed in with the password alone while the account has an authenticator: the code step first. */
  needsCode: boolean;
  /** The account has a verified authenticator app. */
  hasFactor: boolean;
}
type CheckAssurance = () => Promise<Assurance>;

/** The checks as the admin's client answers them. */
function checksWith(supabase: SupabaseLoader): {
  checkMember: CheckMember;
  checkAssurance: CheckAssurance;
  checkRequirement: CheckRequirement;
} {
  return {
    checkMember: async (userId) => memberStanding(await supabase(), userId),
    checkRequirement: async () => readSecondFactorRequired(await supabase()),
    checkAssurance: async () => {
      const client = await supabase();
      const [needsCode, hasFactor] = await Promise.all([needsSecondFactor(client), hasVerifiedFactor(client)]);
      return { needsCode, hasFactor };
    },
  };
}

const SECURITY_PATH = "/admin/security";

function Centered({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center text-ink-muted">
      {children}
    </div>
  );
}

/**
 * 'Loading...' while the session is read; no user sends the visitor to /login, remembering where
 * from, and so does a session that signed in with the password alone while the account has an
 * authenticator (the login's code step; a reload mid-way lands here); a signed-in user who is not a
 * member of the team is told so (RLS would show them nothing anyway). A member's role and its capabilities are read once
 * and given to the screens (useMember). While the agency requires a second factor (the database's
 * public.security_settings, read with the role), a member whose role reads personal data (Owner,
 * Administrator, Sales) without an authenticator sees the Security page before anything else: the
 * database shows them none of that data below aal2 anyway. The database asks every member who has
 * enrolled one for it either way.
 */
export function RequireAuth({
  children,
  checkMember: givenCheckMember,
  checkAssurance: givenCheckAssurance,
  checkRequirement: givenCheckRequirement,
}: {
  children: ReactNode;
  checkMember?: CheckMember;
  checkAssurance?: CheckAssurance;
  checkRequirement?: CheckRequirement;
}) {
  const supabase = useSupabase();
  const checks = useMemo(() => checksWith(supabase), [supabase]);
  const checkMember = givenCheckMember ?? checks.checkMember;
  const checkAssurance = givenCheckAssurance ?? checks.checkAssurance;
  const checkRequirement = givenCheckRequirement ?? checks.checkRequirement;
  const { user, session, loading, signOut } = useAuth();
  const location = useLocation();
  const [access, setAccess] = useState<Access | null>(null);
  const [assurance, setAssurance] = useState<{ value: Assurance } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const userId = user?.id;
  const token = session?.access_token;

  // Each new token (the code verified, a factor added or removed) is read again; no session (a
  // test's fixed user) asks nothing more.
  useEffect(() => {
    if (!token) return;
    let active = true;
    checkAssurance().then(
      (value) => active && setAssurance({ value }),
      (error: unknown) => {
        // The database still refuses an aal1 session of an account with a factor; the screen goes on.
        console.error("Could not read the session's assurance level", error);
        if (active) setAssurance({ value: { needsCode: false, hasFactor: true } });
      },
    );
    return () => {
      active = false;
    };
  }, [token, checkAssurance]);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    // Unread, the requirement counts as off: the database still refuses what it guards.
    const required = checkRequirement().catch((error: unknown) => {
      console.error("Could not read whether a second factor is required", error);
      return false;
    });
    Promise.all([checkMember(userId), required]).then(
      ([standing, factorRequired]) =>
        active &&
        setAccess(
          standing ? { userId, verdict: "member", standing, factorRequired } : { userId, verdict: "not-admin" },
        ),
      (error: unknown) => {
        console.error("Could not check admin access", error);
        if (active) setAccess({ userId, verdict: "unknown" });
      },
    );
    return () => {
      active = false;
    };
  }, [userId, attempt, checkMember, checkRequirement]);

  // One object per answer, so the screens below re-render only when the role does.
  const member = useMemo(
    () => (access?.verdict === "member" ? memberOf(access.userId, access.standing) : null),
    [access],
  );

  if (!loading && !user)
    return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } }} />;
  const from = { pathname: location.pathname, search: location.search };
  // A refreshed token keeps the last answer while it is read again, so the screen (an open editor) stays.
  const assured = token ? (assurance?.value ?? null) : { needsCode: false, hasFactor: true };
  if (assured?.needsCode) return <Navigate to="/login" replace state={{ from }} />;
  if (loading || !user || access?.userId !== user.id || !assured) {
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
  if (!member) return null;
  const factorRequired = access.verdict === "member" && access.factorRequired;
  if (factorRequired && member.can.reads_personal_data && !assured.hasFactor && location.pathname !== SECURITY_PATH)
    return <Navigate to={SECURITY_PATH} replace state={{ mfaRequired: true, from }} />;
  return <MemberProvider member={member}>{children}</MemberProvider>;
}
