import type { AuthChangeEvent } from "@supabase/supabase-js";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { AuthCard, RefusedLink } from "../../components/ui/AuthCard";
import { Button } from "../../components/ui/Button";
import { Seo } from "../../components/ui/Seo";
import { toast } from "../../components/ui/toast-store";
import { resetPasswordCopy as copy } from "../../content/account";
import { site } from "../../content/site";
import { RESET_PASSWORD_PATH } from "../../lib/auth-paths";
import { getSupabase } from "../../lib/supabase";
import { isRateLimited, rateLimitMessage } from "./auth-errors";
import { CodeForm } from "./CodeForm";
import { NewPasswordFields, useNewPassword, type NewPasswordErrors } from "../../components/ui/NewPasswordFields";
import { needsSecondFactor, submitSecondFactorCode } from "./second-factor";

type Stage = "waiting" | "invalid" | "code" | "password";

/** True when the address the page opened with carries the recovery tokens of the e-mail's link. */
function arrivedWithRecoveryLink(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return Boolean(params.get("access_token")) && !params.get("error_description");
}

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : copy.failed;
}

/**
 * Waits for supabase-js to read the e-mail's link (the PASSWORD_RECOVERY event; supabase.ts lets it
 * read the address on this page only), then asks for a code if the account has an authenticator, and
 * reports which step comes next.
 */
function useRecoveryStage(): [Stage, (stage: Stage) => void] {
  // Read before supabase-js clears the address's fragment.
  const [linkInAddress] = useState(
    () => typeof window !== "undefined" && arrivedWithRecoveryLink(window.location.hash),
  );
  const [stage, setStage] = useState<Stage>(linkInAddress ? "waiting" : "invalid");

  useEffect(() => {
    if (!linkInAddress) return;
    let active = true;
    let unsubscribe: (() => void) | undefined;
    getSupabase()
      .then((supabase) => {
        if (!active) return;
        const onEvent = (event: AuthChangeEvent) => {
          if (event !== "PASSWORD_RECOVERY") return;
          needsSecondFactor(supabase).then(
            (codeFirst) => active && setStage(codeFirst ? "code" : "password"),
            () => active && setStage("password"),
          );
        };
        const { data } = supabase.auth.onAuthStateChange(onEvent);
        unsubscribe = () => data.subscription.unsubscribe();
        // A link refused by the server (expired, used) ends initialisation without the event.
        return supabase.auth.initialize().then(({ error }) => active && error && setStage("invalid"));
      })
      .catch((error: unknown) => {
        console.error("Could not start authentication", error);
        if (active) setStage("invalid");
      });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [linkInAddress]);

  return [stage, setStage];
}

function NewPasswordForm({ onSaved }: { onSaved: () => void }) {
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = newPassword.check();
    setErrors(found);
    if (found.password || found.again) return;
    setBusy(true);
    try {
      const supabase = await getSupabase();
      const { error } = await supabase.auth.updateUser({ password: newPassword.password });
      if (error) throw error;
      onSaved();
    } catch (error) {
      setErrors({ password: isRateLimited(error) ? rateLimitMessage() : messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={busy} className="space-y-5">
      <NewPasswordFields idPrefix="new" errors={errors} autoFocus {...newPassword.fields} />
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? copy.submitting : copy.submit}
      </Button>
    </form>
  );
}

/** /reset-password: where the recovery e-mail's link lands. Served the SPA shell, never indexed. */
export default function ResetPasswordPage() {
  const [stage, setStage] = useRecoveryStage();
  const navigate = useNavigate();

  function saved() {
    toast({ ...copy.saved, variant: "success" });
    navigate("/admin", { replace: true });
  }

  return (
    <AuthCard
      head={
        <Seo
          title={`${copy.seoTitle} | ${site.name}`}
          description={copy.seoDescription}
          path={RESET_PASSWORD_PATH}
          noIndex
        />
      }
      heading={copy.heading}
    >
      <div className="mt-6">
        {stage === "waiting" ? (
          <p role="status" className="text-ink-muted">
            {copy.waiting}
          </p>
        ) : null}
        {stage === "invalid" ? <RefusedLink message={copy.invalid} linkLabel={copy.requestNew} /> : null}
        {stage === "code" ? (
          <div className="space-y-5">
            <p className="text-ink-muted">{copy.codeIntro}</p>
            <CodeForm
              id="reset-code"
              autoFocus
              onSubmit={async (code) => {
                const refused = await submitSecondFactorCode(code);
                if (!refused) setStage("password");
                return refused;
              }}
            />
          </div>
        ) : null}
        {stage === "password" ? <NewPasswordForm onSaved={saved} /> : null}
      </div>
    </AuthCard>
  );
}
