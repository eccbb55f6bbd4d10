/**
 * Every save kept (issue 38): the editor's History panel of revisions, its diff and restore, and
 * the quiet autosave status under the editor.
 */
export const revisionsCopy = {
  heading: "Versions",
  intro: "Every save is kept. Choose one to see what changed against the current text.",
  listLabel: "Saved versions of this post",
  loading: "Loading the saved versions…",
  error: "The saved versions could not be loaded.",
  empty: "No saved version yet.",
  kinds: { save: "Saved", autosave: "Autosaved while typing" },
  published: "Published",
  by: (name: string) => `by ${name}`,
  choose: "Choose a version to compare it with the current text.",
  compareHeading: "Changes from this version to the current text",
  titleLabel: "Title",
  bodyLabel: "Body",
  excerptLabel: "Excerpt",
  noChange: "No change.",
  removed: "In this version, not in the current text",
  added: "In the current text, not in this version",
  restore: "Restore this version",
  confirmTitle: "Restore this version?",
  confirmBody:
    "Its title, body, excerpt, category, cover, and search and social fields become the post's text, as a new save. The current text stays in the list, so you can restore it again.",
  confirm: "Restore",
  restoring: "Restoring…",
  cancel: "Cancel",
  restored: "Version restored",
  restoredBody: "The post now has this version's text.",
  restoreFailed: "The version could not be restored",
  /** The autosave status under the editor. */
  autosaved: (time: string) => `Saved to history ${time}`,
  autosaving: "Saving to history…",
  offline: "Offline: kept on this device",
} as const;
