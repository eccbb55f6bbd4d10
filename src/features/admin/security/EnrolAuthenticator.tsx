import { Copy, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { TextField } from "../../../components/ui/Field";
import { toast } from "../../../components/ui/toast-store";
import { securityCopy, signInCopy } from "../../../content/account";
import { CodeForm, verifyFactorCode } from "../../auth";
import type { Enrolment } from "../data/security";
import { errorMessage } from "../error-message";
import { useSupabase } from "../supabase-context";
import { useAuthenticatorsChanged, useCancelEnrolment, useStartEnrolment } from "./queries";
import { runDetached } from "../../../lib/detached";

const copy = securityCopy.enrol;

/** 'JBSW Y3DP EHPK 3PXP': the secret in groups of four, easier to read and type. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

function SecretKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  async function copyKey() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(copy.copied);
    } catch {
      setCopied(copy.copyFailed);
    }
  }
  return (
    <div>
      <p id="enrol-secret-label" className="text-sm font-semibold text-ink">
        {copy.secretLabel}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <code
          aria-labelledby="enrol-secret-label"
          data-secret={secret}
          className="select-all break-all rounded-xl bg-slate-100 px-4 py-3 font-mono text-base tracking-wide text-ink"
        >
          {groupSecret(secret)}
        </code>
        <Button size="sm" variant="outline" onClick={() => runDetached(copyKey(), "Copying the key")}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {copy.copy}
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm text-ink-soft">
        {copied}
      </p>
    </div>
  );
}

function ScanStep({ enrolment, onDone, onCancel }: { enrolment: Enrolment; onDone: () => void; onCancel: () => void }) {
  const supabase = useSupabase();
  async function confirm(code: string): Promise<string | null> {
    try {
      return (await verifyFactorCode(await supabase(), enrolment.factorId, code)) ? null : signInCopy.code.wrong;
    } catch (error) {
      return errorMessage(error);
    }
  }
  return (
    <div className="space-y-6">
      <div>
        <h3 className="font-bold text-ink">{copy.scanHeading}</h3>
        <p className="mt-1 text-ink-muted">{copy.scanIntro}</p>
      </div>
      <img
        src={enrolment.qrCode}
        alt={copy.qrAlt(enrolment.name)}
        width={192}
        height={192}
        className="h-48 w-48 rounded-xl border border-slate-200 bg-white p-2"
      />
      <SecretKey secret={enrolment.secret} />
      <CodeForm
        id="enrol-code"
        label={copy.codeLabel}
        submitLabel={copy.verify}
        busyLabel={copy.verifying}
        onSubmit={async (code) => {
          const refused = await confirm(code);
          if (!refused) onDone();
          return refused;
        }}
        secondary={
          <Button variant="ghost" onClick={onCancel}>
            {copy.cancel}
          </Button>
        }
      />
    </div>
  );
}

/**
 * Adds an authenticator app: a name, then `mfa.enroll` gives the QR code and the secret, and the
 * app's first code (`challenge` + `verify`) turns it on. With one already, this adds a backup.
 */
export function EnrolAuthenticator({ count }: { count: number }) {
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const start = useStartEnrolment();
  const cancel = useCancelEnrolment();
  const changed = useAuthenticatorsChanged();

  function open() {
    setName(copy.defaultName(count));
    setNaming(true);
  }

  async function handleStart(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      setEnrolment(await start.mutateAsync(name.trim() || copy.defaultName(count)));
      setNaming(false);
    } catch (error) {
      toast({ title: copy.failed, description: errorMessage(error), variant: "error" });
    }
  }

  function abandon() {
    if (enrolment) cancel.mutate(enrolment.factorId);
    setEnrolment(null);
    setNaming(false);
  }

  function done() {
    if (enrolment) toast({ ...copy.done(enrolment.name), variant: "success" });
    setEnrolment(null);
    runDetached(changed(), "Reading the authenticators again");
  }

  if (enrolment) return <ScanStep enrolment={enrolment} onDone={done} onCancel={abandon} />;
  if (naming) {
    return (
      <form onSubmit={handleStart} className="space-y-4" aria-busy={start.isPending}>
        <TextField
          id="enrol-name"
          label={copy.nameLabel}
          hint={copy.nameHint}
          required
          requiredMark={false}
          maxLength={60}
          autoFocus
          value={name}
          onValueChange={setName}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? copy.starting : copy.start}
          </Button>
          <Button variant="ghost" onClick={abandon}>
            {copy.cancel}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="space-y-2">
      <Button variant={count === 0 ? "primary" : "outline"} onClick={open}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        {count === 0 ? copy.addFirst : copy.addBackup}
      </Button>
      {count > 0 ? <p className="text-sm text-ink-soft">{copy.backupHint}</p> : null}
    </div>
  );
}
