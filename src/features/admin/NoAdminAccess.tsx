import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Button, ButtonLink } from "../../components/ui/Button";
import { adminCopy } from "../../content/admin";
import { AdminSeo } from "./AdminPageHeader";
import { runDetached } from "../../lib/detached";

const copy = adminCopy.noAccess;

interface NoAdminAccessProps {
  /** The signed-in account, so the visitor knows which one to change. */
  email: string | undefined;
  signOut: () => Promise<unknown>;
}

/** What a signed-in user who is not an admin sees at /admin: why, as whom, and the ways out. */
export function NoAdminAccess({ email, signOut }: NoAdminAccessProps) {
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <AdminSeo title={copy.seoTitle} path="/admin" />
      <div className="w-full max-w-lg rounded-card border border-slate-100 bg-white p-6 shadow-soft sm:p-8">
        <ShieldAlert aria-hidden="true" className="h-10 w-10 text-brand-700" />
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{copy.heading}</h1>
        {email ? (
          <p className="mt-4 text-ink-muted">
            {copy.signedInAs} <strong className="break-all font-semibold text-ink">{email}</strong>.
          </p>
        ) : null}
        <p className="mt-2 text-ink-muted">{copy.explanation}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button onClick={() => runDetached(handleSignOut(), "Signing out")} disabled={signingOut}>
            {signingOut ? copy.signingOut : copy.signOut}
          </Button>
          <ButtonLink to="/" variant="outline">
            {copy.backToSite}
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}
