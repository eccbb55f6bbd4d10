/**
 * Authentication state for the login page and the admin area (and only there: it loads supabase-js,
 * which the public pages must not). Follows supabase-js's session events; the client itself
 * refreshes the session and drops a stored one that can no longer be refreshed.
 */
import type { AuthChangeEvent, Session, User } from "@supabase/supabase-js";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { toast } from "../../components/ui/toast-store";
import { authCopy } from "../../content/account";
import { getSupabase } from "../../lib/supabase";
import { signInErrorMessage } from "./auth-errors";

export interface AuthResult {
  /** The message to show, or null on success. */
  error: string | null;
}

export interface AuthContextValue {
  user: User | null;
  session: Session | null;
  /** True until the first session event (or a failure to load the client). */
  loading: boolean;
  signIn: (email: string, password: string) => Promise<AuthResult>;
  /** Present for completeness; no screen offers sign-up (self-signup is off). */
  signUp: (email: string, password: string, fullName?: string) => Promise<AuthResult>;
  /** 'global' ends every session of the account (every device), the default only this one. */
  signOut: (scope?: "global" | "local") => Promise<AuthResult>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function messageOf(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message)
    return error.message;
  return authCopy.genericError;
}

/** Events after which the session passed along is the current one. */
const SESSION_EVENTS: ReadonlySet<AuthChangeEvent> = new Set<AuthChangeEvent>([
  "INITIAL_SESSION",
  "SIGNED_IN",
  "TOKEN_REFRESHED",
  "USER_UPDATED",
  "PASSWORD_RECOVERY",
  "MFA_CHALLENGE_VERIFIED",
]);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    getSupabase()
      .then((supabase) => {
        if (!active) return;
        const { data } = supabase.auth.onAuthStateChange((event, nextSession) => {
          if (event === "SIGNED_OUT") setSession(null);
          else if (SESSION_EVENTS.has(event)) setSession(nextSession);
          setLoading(false);
        });
        unsubscribe = () => data.subscription.unsubscribe();
      })
      .catch((error: unknown) => {
        console.error("Could not start authentication", error);
        if (active) setLoading(false);
      });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);

  const signIn = useCallback(async (email: string, password: string): Promise<AuthResult> => {
    try {
      const supabase = await getSupabase();
      const { data, error } = await supabase.auth.signInWithPassword({ email, password });
      if (error) throw error;
      // The SIGNED_IN event follows; setting it here too lets a redirect see the user at once.
      setSession(data.session);
      return { error: null };
    } catch (error) {
      // The sign-in screen shows it; the words never tell whether the address has an account.
      return { error: signInErrorMessage(error) };
    }
  }, []);

  const signUp = useCallback(async (email: string, password: string, fullName?: string): Promise<AuthResult> => {
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signUp({
        email,
        password,
        options: fullName ? { data: { full_name: fullName } } : undefined,
      });
      if (error) throw error;
      return { error: null };
    } catch (error) {
      const message = messageOf(error);
      toast({ title: authCopy.signUpFailed, description: message, variant: "error" });
      return { error: message };
    }
  }, []);

  const signOut = useCallback(async (scope: "global" | "local" = "local"): Promise<AuthResult> => {
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signOut({ scope });
      if (error) throw error;
      setSession(null);
      return { error: null };
    } catch (error) {
      const message = messageOf(error);
      toast({ title: authCopy.signOutFailed, description: message, variant: "error" });
      return { error: message };
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user: session?.user ?? null, session, loading, signIn, signUp, signOut }),
    [session, loading, signIn, signUp, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state; throws when used outside <AuthProvider>. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>.");
  return value;
}

/** For tests and stories: provides a fixed auth state without a backend. */
export function AuthStateProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
