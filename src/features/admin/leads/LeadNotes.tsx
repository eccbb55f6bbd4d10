import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { TextAreaField } from "../../../components/ui/Field";
import { leadsCopy } from "../../../content/leads";
import type { LeadEventRow } from "../../../lib/database";
import { useAuth } from "../../auth";
import { NOTE_MAX } from "../data/leads";
import { useTeamNames } from "../people/queries";
import { LeadHistory } from "./LeadHistory";
import { LeadPanel } from "./LeadPanel";
import { useAddLeadNote } from "./queries";

const copy = leadsCopy.detail;

/** A new note: checked here (not empty, not too long), kept in the box until it is saved. */
function NoteForm({ leadId }: { leadId: string }) {
  const id = useId();
  const { user } = useAuth();
  const addNote = useAddLeadNote(leadId);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = note.trim();
    if (!text) return setError(copy.noteEmpty);
    if (text.length > NOTE_MAX) return setError(copy.noteTooLong(NOTE_MAX));
    setError(null);
    if (!user) return;
    // Failing, it says so in a toast (useAddLeadNote) and the note stays in the box.
    addNote.mutate({ note: text, authorId: user.id }, { onSuccess: () => setNote("") });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <TextAreaField
        id={`${id}-note`}
        label={copy.noteLabel}
        hint={copy.noteHint}
        error={error ?? undefined}
        rows={3}
        value={note}
        onValueChange={(value) => {
          setNote(value);
          if (error) setError(null);
        }}
      />
      <Button type="submit" size="sm" disabled={addNote.isPending}>
        {addNote.isPending ? copy.addingNote : copy.addNote}
      </Button>
    </form>
  );
}

/** 'Notes and history': the note form above the lead's history, which names who did what. */
export function LeadNotes({ leadId, events }: { leadId: string; events: LeadEventRow[] }) {
  const { name } = useTeamNames();
  return (
    <LeadPanel id="lead-notes" title={copy.notes} className="space-y-5">
      <NoteForm leadId={leadId} />
      <LeadHistory events={events} name={name} />
    </LeadPanel>
  );
}
