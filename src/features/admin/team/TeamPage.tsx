import { useState, type ReactNode } from "react";
import { teamPageCopy as copy } from "../../../content/team";
import { AdminScreenHeader } from "../AdminPageHeader";
import { AdminDataView, EmptyState } from "../DataStates";
import { InviteForm } from "./InviteForm";
import { InviteList } from "./InviteList";
import { MemberList } from "./MemberList";
import { useMember } from "../member";
import { useOpenInvites, useTeamMembers } from "./queries";

const TEAM_PATH = "/admin/team";

function Panel({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-slate-100 bg-white p-5 shadow-soft sm:p-6">
      <h2 id={id} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-ink-muted">{intro}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * The open invitations and the invite form: what only the Owner and Administrators see. They are
 * read at once but shown once the members above them are (`revealed`), and the form once the open
 * invitations are: each list is of any length, and arriving above a panel already shown it would push
 * that panel down the screen.
 */
function Invitations({ revealed }: { revealed: boolean }) {
  const invites = useOpenInvites();
  const [now] = useState(() => new Date());
  if (!revealed) return null;
  const invitesShown = invites.data !== undefined || invites.isError;
  return (
    <>
      <Panel id="team-invites-heading" title={copy.invites.heading}>
        <AdminDataView
          query={invites}
          loading={copy.invites.loading}
          error={copy.invites.error}
          isEmpty={(rows) => rows.length === 0}
          empty={<EmptyState message={copy.invites.empty} className="p-5" />}
        >
          {(rows) => <InviteList invites={rows} now={now} />}
        </AdminDataView>
      </Panel>
      {invitesShown ? (
        <Panel id="team-invite-heading" title={copy.invite.heading} intro={copy.invite.intro}>
          <InviteForm />
        </Panel>
      ) : null}
    </>
  );
}

/**
 * /admin/team: the members with their roles (changed behind a confirmation), ownership's handover
 * (the Owner only), removal with the member's posts handed to a writer, the open invitations
 * (Resend, Withdraw) and the invite form. For Owner and Administrators; anyone else reads the list
 * and is told who manages it. The database decides every change; the page explains its refusals.
 */
export function TeamPage() {
  const members = useTeamMembers();
  const me = useMember();
  const manages = me.can.manages_team;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminScreenHeader path={TEAM_PATH} copy={copy} />
      <Panel id="team-members-heading" title={copy.members.heading}>
        <AdminDataView query={members} loading={copy.members.loading} error={copy.members.error}>
          {(rows) => (
            <>
              {manages ? null : <p className="mb-2 text-sm text-ink-muted">{copy.notManager}</p>}
              <MemberList members={rows} me={me} />
            </>
          )}
        </AdminDataView>
      </Panel>
      {manages ? <Invitations revealed={members.data !== undefined || members.isError} /> : null}
    </div>
  );
}
