import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { AuthCard, RefusedLink } from "../../../components/ui/AuthCard";
import { Button } from "../../../components/ui/Button";
import { TextField } from "../../../components/ui/Field";
import { toast } from "../../../components/ui/toast-store";
import { joinCopy as copy, roleCopy, type TeamRole } from "../../../content/team";
import { JOIN_PATH } from "../../../lib/auth-paths";
import { formatLongDate } from "../../../lib/format";
import { getSupabase, type AppSupabaseClient } from "../../../lib/supabase";
import { AdminSeo } from "../AdminPageHeader";
import { NewPasswordFields, useNewPassword, type NewPasswordErrors } from "../../../components/ui/NewPasswordFields";
import { errorMessage } from "../error-message";
import { readSecondFactorRequired } from "../data/security";

/** Roles that read people's personal data (leads, calls): they add an authenticator next. */
const PERSONAL_DATA_ROLES: readonly TeamRole[] = ["owner", "administrator", "sales"];

type Stage =
  | { kind: "waiting" }
  | { kind: "dead" | "expired" | "withdrawn" | "used" | "none" }
  | { kind: "form"; role: TeamRole; expiresAt: string };

/** What the invitation waiting for the signed-in user allows. */
async function invitationStage(supabase: AppSupabaseClient): Promise<Stage> {
  const { data, error } = await supabase.rpc("my_team_invite");
  if (error) throw error;
  const invite = data?.[0];
  if (!invite) return { kind: "none" };
  if (invite.revoked_at) return { kind: "withdrawn" };
  if (invite.accepted_at) return { kind: "used" };
  if (Date.parse(invite.expires_at) <= Date.now()) return { kind: "expired" };
  return { kind: "form", role: invite.role, expiresAt: invite.expires_at };
}

/**
 * Waits for supabase-js to take the session from the invitation's link (supabase.ts lets it read the
 * address on this page), then reads the invitation. A link GoTrue refused (spent, over a day old)
 * arrives with an error in the fragment, or ends initialisation with no session.
 */
function useJoinStage(): [Stage, (stage: Stage) => void] {
  const [refusedLink] = useState(
    () => typeof window !== "undefined" && new URLSearchParams(window.location.hash.slice(1)).has("error_description"),
  );
  const [stage, setStage] = useState<Stage>(refusedLink ? { kind: "dead" } : { kind: "waiting" });

  useEffect(() => {
    if (refusedLink) return;
    let active = true;
    getSupabase()
      .then(async (supabase) => {
        await supabase.auth.initialize();
        const { data } = await supabase.auth.getSession();
        const next = data.session ? await invitationStage(supabase) : ({ kind: "dead" } as const);
        if (active) setStage(next);
      })
      .catch((error: unknown) => {
        console.error("Could not read the invitation", error);
        if (active) setStage({ kind: "dead" });
      });
    return () => {
      active = false;
    };
  }, [refusedLink]);

  return [stage, setStage];
}

function JoinForm({ role, onJoined }: { role: TeamRole; onJoined: (role: TeamRole, factorRequired: boolean) => void }) {
  const [name, setName] = useState("");
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<NewPasswordErrors & { name?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = { name: name.trim() ? undefined : copy.nameRequired, ...newPassword.check() };
    setErrors(found);
    if (found.name || found.password || found.again) return;
    setBusy(true);
    try {
      const supabase = await getSupabase();
      const named = await supabase.auth.updateUser({ data: { full_name: name.trim() } });
      if (named.error) throw named.error;
      const secured = await supabase.auth.updateUser({ password: newPassword.password });
      // Someone invited back (their account had a password) may choose the same one again.
      if (secured.error && secured.error.code !== "same_password") throw secured.error;
      const { data, error } = await supabase.rpc("accept_team_invite");
      if (error) throw error;
      // A member now: whether the agency requires a second factor (unread, the Security page says nothing of it).
      const factorRequired = await readSecondFactorRequired(supabase).catch(() => false);
      onJoined(data ?? role, factorRequired);
    } catch (error) {
      setErrors({ form: `${copy.failed}: ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className="space-y-5">
      <p className="text-ink-muted">{copy.intro}</p>
      <TextField
        id="join-name"
        label={copy.nameLabel}
        error={errors.name}
        announceError
        autoComplete="name"
        required
        requiredMark={false}
        maxLength={120}
        value={name}
        onValueChange={setName}
      />
      <NewPasswordFields idPrefix="join" errors={errors} {...newPassword.fields} />
      {errors.form ? (
        <p role="alert" className="font-medium text-red-700">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? copy.submitting : copy.submit}
      </Button>
    </form>
  );
}

const REFUSALS = {
  dead: copy.deadLink,
  expired: copy.expired,
  withdrawn: copy.withdrawn,
  used: copy.used,
  none: copy.none,
};

/**
 * /admin/join: where an invitation's e-mail link lands, outside the signed-in area (the invitee is
 * not a member until they accept). Shows the role, takes a name and a password, accepts the
 * invitation, then opens the admin, or the Security page first for a role that reads personal data.
 */
export function JoinPage() {
  const [stage] = useJoinStage();
  const navigate = useNavigate();

  function joined(role: TeamRole, factorRequired: boolean) {
    const label = roleCopy[role].label;
    if (PERSONAL_DATA_ROLES.includes(role)) {
      toast({ title: copy.joined(label).title, description: copy.secondFactor, variant: "success" });
      navigate("/admin/security", { replace: true, state: { mfaRequired: factorRequired } });
    } else {
      toast({ ...copy.joined(label), variant: "success" });
      navigate("/admin", { replace: true });
    }
  }

  const refusal = stage.kind in REFUSALS ? REFUSALS[stage.kind as keyof typeof REFUSALS] : null;
  return (
    <AuthCard
      standalone
      head={<AdminSeo title={copy.seoTitle} path={JOIN_PATH} />}
      heading={refusal ? refusal.heading : copy.heading}
    >
      <div className="mt-6 space-y-4">
        {stage.kind === "waiting" ? (
          <p role="status" className="text-ink-muted">
            {copy.waiting}
          </p>
        ) : null}
        {refusal ? <RefusedLink message={refusal.body} linkLabel={copy.signIn} /> : null}
        {stage.kind === "form" ? (
          <>
            <p className="rounded-xl bg-brand-50 p-4 text-sm text-brand-900">
              {copy.invitedAs(roleCopy[stage.role].label, roleCopy[stage.role].description)}{" "}
              {copy.expiresOn(formatLongDate(stage.expiresAt))}
            </p>
            <JoinForm role={stage.role} onJoined={joined} />
          </>
        ) : null}
      </div>
    </AuthCard>
  );
}
