import { useQueryClient } from "@tanstack/react-query";
import { LogOut, ShieldCheck } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/Button";
import { securityCopy as copy } from "../../../content/account";
import { useAuth } from "../../auth";
import { AdminScreenHeader } from "../AdminPageHeader";
import { ConfirmDialog } from "../ConfirmDialog";
import { AdminDataView, EmptyState } from "../DataStates";
import { AuthenticatorList } from "./AuthenticatorList";
import { EnrolAuthenticator } from "./EnrolAuthenticator";
import { useAuthenticators } from "./queries";
import { SecondFactorRequirement } from "./SecondFactorRequirement";
import { useMember } from "../member";
import { SignInActivity } from "./SignInActivity";
import { runDetached } from "../../../lib/detached";

function Panel({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-slate-100 bg-white p-5 shadow-soft sm:p-6">
      <h2 className="text-xl font-bold text-ink">{title}</h2>
      {intro ? <p className="mt-1 text-ink-muted">{intro}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function SignOutEverywhere() {
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function signOutEverywhere() {
    setBusy(true);
    const { error } = await signOut("global");
    setBusy(false);
    if (error) return;
    queryClient.clear();
    navigate("/login", { replace: true });
  }

  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <LogOut aria-hidden="true" className="h-4 w-4" />
        {copy.signOutEverywhere.button}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={copy.signOutEverywhere.confirmTitle}
        description={copy.signOutEverywhere.confirmBody}
        confirmLabel={copy.signOutEverywhere.confirm}
        busyLabel={copy.signOutEverywhere.busy}
        cancelLabel={copy.signOutEverywhere.cancel}
        busy={busy}
        onConfirm={() => runDetached(signOutEverywhere(), "Signing out everywhere")}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * /admin/security: authenticator apps, the last sign-in, and signing out everywhere; for the Owner,
 * the agency's requirement of an authenticator app.
 */
export function SecurityPage() {
  const factors = useAuthenticators();
  const owner = useMember().role === "owner";
  const required = (useLocation().state as { mfaRequired?: boolean } | null)?.mfaRequired;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <AdminScreenHeader path="/admin/security" copy={copy} />
      {required && factors.data?.length === 0 ? (
        <p role="alert" className="flex gap-3 rounded-card border border-accent-300 bg-accent-50 p-4 text-ink">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
          {copy.required}
        </p>
      ) : null}
      <Panel title={copy.factors.heading} intro={copy.factors.intro}>
        <AdminDataView
          query={factors}
          loading={copy.factors.loading}
          error={copy.factors.error}
          isEmpty={(list) => list.length === 0}
          empty={
            <div className="space-y-5">
              <EmptyState message={copy.factors.empty} />
              <EnrolAuthenticator count={0} />
            </div>
          }
        >
          {(list) => (
            <div className="space-y-6">
              <AuthenticatorList factors={list} />
              <EnrolAuthenticator count={list.length} />
            </div>
          )}
        </AdminDataView>
      </Panel>
      {owner ? (
        <Panel title={copy.requirement.heading} intro={copy.requirement.intro}>
          <SecondFactorRequirement hasFactor={(factors.data?.length ?? 0) > 0} />
        </Panel>
      ) : null}
      <Panel title={copy.activity.heading}>
        <SignInActivity />
      </Panel>
      <Panel title={copy.signOutEverywhere.heading} intro={copy.signOutEverywhere.intro}>
        <SignOutEverywhere />
      </Panel>
    </div>
  );
}
