import { createContext, useContext, type ReactNode } from "react";
import type { Standing } from "./data/admin-access";
import { capabilitiesFrom, type Capabilities, type TeamRole } from "./roles";

/** The signed-in member as the admin's screens need them: who, which role, and what it allows. */
export interface Member {
  userId: string;
  role: TeamRole;
  can: Capabilities;
}

export function memberOf(userId: string, { role, capabilities }: Standing): Member {
  return { userId, role, can: capabilitiesFrom(capabilities) };
}

const MemberContext = createContext<Member | null>(null);

/** Given by RequireAuth once the role is read (and by the tests' renderAdmin). */
export function MemberProvider({ member, children }: { member: Member; children: ReactNode }) {
  return <MemberContext.Provider value={member}>{children}</MemberContext.Provider>;
}

/** The signed-in member. Every admin screen is rendered below RequireAuth, which gives it. */
export function useMember(): Member {
  const member = useContext(MemberContext);
  if (!member) throw new Error("useMember() is used outside the admin area: RequireAuth gives the member.");
  return member;
}
