/**
 * Leads given to a person, and who did what: the e-mail a lead's new assignee gets
 * (src/server/messages/assignment-mail.ts), the inbox's "Mine" filter and "Assigned to" label, the
 * lead page's assignee select, and the names in a lead's and a post's history.
 */

/** The e-mail to the member a lead was just assigned to (not sent when they took it themselves). */
export const assignmentMailCopy = {
  subject: (name: string, service: string) => `A lead is yours: ${name} (${service})`,
  preview: (name: string) => `${name} is now yours to follow up.`,
  heading: "A lead was assigned to you",
  body: (name: string, service: string) =>
    `${name} asked about ${service}, and the lead is now yours: answer them, and keep its status up to date so the team knows where it stands.`,
  personHeading: "Who",
  fields: { name: "Name", email: "E-mail", phone: "Phone", company: "Company", service: "Service" },
  none: "—",
  openLead: "Open the lead in the admin",
  whyReceived: "You receive this e-mail because a lead was assigned to you in the admin.",
} as const;

/** The admin's words for assignments and for the names in a history. */
export const assignmentCopy = {
  /** The inbox. */
  mine: "Mine",
  mineHint: "Only the leads assigned to you",
  everyone: "Everyone's",
  whose: "Whose leads",
  assignedColumn: "Assigned to",
  nobody: "Nobody",
  emptyMine: "No lead is assigned to you with these filters.",
  /** The lead's page. */
  assigneeLabel: "Assigned to",
  assigneeSaved: "Lead assigned",
  assigneeCleared: "Nobody is assigned now",
  assigneeFailed: "The lead could not be assigned",
  teamFailed: "The team could not be loaded: the assignee cannot be changed.",
  assignedLine: (name: string) => `Assigned to ${name}`,
  unassignedLine: "Unassigned: nobody follows it up now",
  /** Who did it, in a history line: "by Ada Obi". */
  by: (name: string) => `by ${name}`,
  formerMember: "a former member",
  someone: "the system",
  unnamed: (email: string | null) => email ?? "a member without a name",
  /** The post editor's history (public.post_events). */
  postHistory: "History",
  postHistoryLabel: "The post's history",
  postHistoryLoading: "Loading the history...",
  postHistoryError: "The history could not be loaded.",
  postHistoryEmpty: "Nothing recorded yet.",
  postEvents: {
    created: "Created",
    edited: "Edited",
    published: "Published",
    scheduled: "Scheduled",
    unpublished: "Unpublished",
    handed_over: "Handed over",
    featured: "Featured on the blog",
    unfeatured: "No longer featured",
  },
} as const;
