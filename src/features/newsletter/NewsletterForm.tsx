import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/Button";
import { Field } from "../../components/ui/Field";
import { newsletterCopy, newsletterEndpoint, type NewsletterVariant } from "../../content/newsletter";
import { cn } from "../../lib/cn";
import { useTypedBeforeHydration } from "../../lib/use-typed-before-hydration";
import { subscribeToNewsletter } from "./subscribe";

type Status =
  { state: "idle" } | { state: "busy" } | { state: "success"; message: string } | { state: "error"; message: string };

interface NewsletterFormProps {
  /** "footer": on the dark footer; "card": a white card, as under blog articles. */
  variant?: NewsletterVariant;
  /** Heading level of the form's title, to fit the page outline (footer columns use h3). */
  headingLevel?: "h2" | "h3";
  className?: string;
}

const styles = {
  footer: {
    root: "grid gap-6 lg:grid-cols-2 lg:items-end lg:gap-12",
    heading: "text-xl font-bold text-white",
    description: "mt-2 max-w-md text-sm leading-relaxed text-brand-200",
    field: "pill-on-dark" as const,
    button: "accent" as const,
    success: "text-accent-300",
    error: "text-red-300",
  },
  card: {
    root: "rounded-card border border-brand-100 bg-white p-6 shadow-soft sm:p-8",
    heading: "text-2xl font-bold text-ink",
    description: "mt-2 text-base leading-relaxed text-ink-muted",
    field: "pill" as const,
    button: "primary" as const,
    success: "text-brand-800",
    error: "text-red-700",
  },
};

/**
 * The newsletter sign-up: posts `{ email }` to /api/subscribe without a page load and shows the
 * reply's message in a live region. The typed address stays in the field when sign-up fails.
 */
export function NewsletterForm({ variant = "footer", headingLevel, className }: NewsletterFormProps) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const request = useRef<AbortController | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, email, setEmail);

  useEffect(() => () => request.current?.abort(), []);
  // Marks the form as handled by script (after hydration), for tests and styling hooks.
  useEffect(() => {
    form.current?.setAttribute("data-ready", "true");
  }, []);

  const look = styles[variant];
  const Heading = headingLevel ?? (variant === "footer" ? "h3" : "h2");
  const busy = status.state === "busy";
  const ids = {
    heading: `${id}-heading`,
    description: `${id}-description`,
    email: `${id}-email`,
    status: `${id}-status`,
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setStatus({ state: "busy" });
    const result = await subscribeToNewsletter(email.trim(), controller.signal);
    if (controller.signal.aborted) return;
    if (result.ok) {
      setEmail("");
      setStatus({ state: "success", message: result.message });
    } else {
      setStatus({ state: "error", message: result.message });
    }
  }

  return (
    <section aria-labelledby={ids.heading} className={cn(look.root, className)}>
      <NewsletterIntro variant={variant} heading={Heading} headingId={ids.heading} descriptionId={ids.description} />

      {/* action/method: before hydration (or without JavaScript) the browser posts the form to the function itself. */}
      <form
        ref={form}
        action={newsletterEndpoint}
        method="post"
        onSubmit={handleSubmit}
        aria-describedby={ids.description}
        aria-busy={busy}
        className={variant === "card" ? "mt-6" : undefined}
      >
        <Field
          id={ids.email}
          label={newsletterCopy.emailLabel}
          variant={look.field}
          required
          requiredMark={false}
          describedBy={ids.status}
          invalid={status.state === "error"}
        >
          {(control) => (
            <div className="mt-2 flex flex-col gap-3 sm:flex-row">
              <input
                ref={field}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder={newsletterCopy.emailPlaceholder}
                value={email}
                readOnly={busy}
                onChange={(event) => setEmail(event.target.value)}
                {...control}
              />
              <SubscribeButton variant={look.button} busy={busy} />
            </div>
          )}
        </Field>
        <SubscribeStatus id={ids.status} status={status} look={look} />
      </form>
    </section>
  );
}

interface NewsletterIntroProps {
  variant: NewsletterVariant;
  heading: "h2" | "h3";
  headingId: string;
  descriptionId: string;
}

/** The form's title and what subscribers get, in the variant's words and colours. */
function NewsletterIntro({ variant, heading: Heading, headingId, descriptionId }: NewsletterIntroProps) {
  const copy = newsletterCopy.variants[variant];
  return (
    <div>
      <Heading id={headingId} className={styles[variant].heading}>
        {copy.heading}
      </Heading>
      <p id={descriptionId} className={styles[variant].description}>
        {copy.description}
      </p>
    </div>
  );
}

/** Subscribe; while the request is under way, a spinner and the busy label, and it is disabled. */
function SubscribeButton({ variant, busy }: { variant: "accent" | "primary"; busy: boolean }) {
  return (
    <Button type="submit" variant={variant} disabled={busy} className="min-h-12 shrink-0">
      {busy ? <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin motion-reduce:animate-none" /> : null}
      {busy ? newsletterCopy.busy : newsletterCopy.submit}
    </Button>
  );
}

/** The live line under the form: the reply's message once there is one, with an icon. */
function SubscribeStatus({
  id,
  status,
  look,
}: {
  id: string;
  status: Status;
  look: { success: string; error: string };
}) {
  return (
    <p id={id} role="status" aria-live="polite" className="mt-3 min-h-6 text-sm font-medium">
      {status.state === "success" || status.state === "error" ? (
        <span className={cn("inline-flex items-start gap-2", status.state === "success" ? look.success : look.error)}>
          {status.state === "success" ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          ) : (
            <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          )}
          {status.message}
        </span>
      ) : null}
    </p>
  );
}
