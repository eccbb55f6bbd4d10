import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Seo } from "../../components/ui/Seo";
import { toast } from "../../components/ui/toast-store";
import { authCopy, signInCopy } from "../../content/account";
import { site } from "../../content/site";
import { RESET_PASSWORD_PATH } from "../../lib/auth-paths";
import { getSupabase } from "../../lib/supabase";
import { AuthProvider, useAuth } from "./AuthProvider";
import { CodeForm } from "./CodeForm";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { LoginForm } from "./LoginForm";
import { needsSecondFactor, submitSecondFactorCode } from "./second-factor";
import { runDetached } from "../../lib/detached";

const DEFAULT_DESTINATION = "/admin/create-post";

/** Where to go after signing in: the admin page that sent the visitor here, else Create Post. */
export function destinationAfterLogin(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  const pathname = typeof from?.pathname === "string" ? from.pathname : "";
  if (pathname !== "/admin" && !pathname.startsWith("/admin/")) return DEFAULT_DESTINATION;
  return pathname + (typeof from?.search === "string" ? from.search : "");
}

type Step = "password" | "code" | "forgot";

async function requestPasswordReset(email: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}`,
  });
  if (error) throw error;
}

const linkButton = "rounded text-sm font-semibold text-brand-700 hover:underline focus-ring";

function LoginScreen() {
  const { session, signIn, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>("password");
  const [error, setError] = useState<string | null>(null);
  const accessToken = session?.access_token;

  // Signed in with the password alone but the account has an authenticator (a reload mid-way, or the
  // admin sent back here from /admin at aal1): ask for the code.
  useEffect(() => {
    if (!accessToken) return;
    let active = true;
    getSupabase()
      .then(needsSecondFactor)
      .then((needed) => active && needed && setStep("code"))
      .catch((failure: unknown) => console.error("Could not read the session's assurance level", failure));
    return () => {
      active = false;
    };
  }, [accessToken]);

  function finish() {
    toast({ ...authCopy.loginSuccess, variant: "success" });
    // `afterLogin`: a member whose role does not write posts is taken to the dashboard instead of
    // Create Post's "not for your role" (RequireCapability).
    navigate(destinationAfterLogin(location.state), { replace: true, state: { afterLogin: true } });
  }

  async function handleLogin(email: string, password: string) {
    setError(null);
    const result = await signIn(email, password);
    if (result.error) {
      setError(result.error);
      toast({ title: authCopy.loginFailed, variant: "error" });
      return;
    }
    let codeNeeded = false;
    try {
      codeNeeded = await needsSecondFactor(await getSupabase());
    } catch (failure) {
      // The admin area checks again before showing anything (RequireAuth).
      console.error("Could not read the session's assurance level", failure);
    }
    if (codeNeeded) setStep("code");
    else finish();
  }

  async function handleCode(code: string) {
    const refused = await submitSecondFactorCode(code);
    if (!refused) finish();
    return refused;
  }

  async function switchAccount() {
    await signOut();
    setStep("password");
  }

  const heading = step === "code" ? signInCopy.code.heading : authCopy.heading;
  return (
    <section className="flex min-h-[70vh] items-center justify-center bg-gradient-to-b from-brand-50/70 to-white px-4 py-16 sm:px-6">
      <Seo title={`${authCopy.seoTitle} | ${site.name}`} description={authCopy.seoDescription} path="/login" noIndex />
      <div className="w-full max-w-md rounded-card border border-slate-100 bg-white p-6 shadow-lift sm:p-10">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">{heading}</h1>
        <p className="mt-2 text-ink-muted">{step === "code" ? signInCopy.code.intro : authCopy.intro}</p>
        <div className="mt-8">
          {step === "password" ? (
            <LoginForm
              onSubmit={handleLogin}
              error={error}
              footer={
                <p className="text-center">
                  <button type="button" className={linkButton} onClick={() => setStep("forgot")}>
                    {signInCopy.forgotLink}
                  </button>
                </p>
              }
            />
          ) : null}
          {step === "code" ? (
            <CodeForm
              id="login-code"
              autoFocus
              onSubmit={handleCode}
              secondary={
                <button
                  type="button"
                  className={linkButton}
                  onClick={() => runDetached(switchAccount(), "Switching account")}
                >
                  {signInCopy.code.cancel}
                </button>
              }
            />
          ) : null}
          {step === "forgot" ? (
            <ForgotPasswordForm requestReset={requestPasswordReset} onBack={() => setStep("password")} />
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** /login. The auth provider lives here (and around /admin), never at the app root. */
export default function LoginPage() {
  return (
    <AuthProvider>
      <LoginScreen />
    </AuthProvider>
  );
}
