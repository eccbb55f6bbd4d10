import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/Button";
import { newsletterCopy, newsletterEndpoint, type NewsletterVariant } from "../../content/newsletter";
import { cn } from "../../lib/cn";
import { useTypedBeforeHydration } from "../../lib/use-typed-before-hydration";
import { subscribeToNewsletter } from "./subscribe";

type Status = { state: "idle" } | { state: "busy" } | { state: "success"; message: string } | { state: "error"; message: string };

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
    label: "text-sm font-semibold text-white",
    input:
      "border-white/20 bg-white/10 text-white placeholder:text-brand-300 focus-visible:border-accent-400 focus-visible:ring-accent-400",
    button: "accent" as const,
    success: "text-accent-300",
    error: "text-red-300",
  },
  card: {
    root: "rounded-card border border-brand-100 bg-white p-6 shadow-soft sm:p-8",
    heading: "text-2xl font-bold text-ink",
    description: "mt-2 text-base leading-relaxed text-ink-muted",
    label: "text-sm font-semibold text-ink",
    input: "border-brand-200 bg-white text-ink placeholder:text-ink-soft focus-visible:border-brand-500 focus-visible:ring-brand-500",
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
  const copy = newsletterCopy.variants[variant];
  const Heading = headingLevel ?? (variant === "footer" ? "h3" : "h2");
  const busy = status.state === "busy";
  const ids = { heading: `${id}-heading`, description: `${id}-description`, email: `${id}-email`, status: `${id}-status` };

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
      <div>
        <Heading id={ids.heading} className={look.heading}>
          {copy.heading}
        </Heading>
        <p id={ids.description} className={look.description}>
          {copy.description}
        </p>
      </div>

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
        <label htmlFor={ids.email} className={cn("block", look.label)}>
          {newsletterCopy.emailLabel}
        </label>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input
            ref={field}
            id={ids.email}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            placeholder={newsletterCopy.emailPlaceholder}
            value={email}
            readOnly={busy}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={status.state === "error" || undefined}
            aria-describedby={ids.status}
            className={cn(
              "min-h-12 w-full min-w-0 flex-1 rounded-full border px-5 text-base transition-colors focus-visible:outline-none focus-visible:ring-2",
              look.input,
            )}
          />
          <Button type="submit" variant={look.button} disabled={busy} className="min-h-12 shrink-0">
            {busy ? <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin motion-reduce:animate-none" /> : null}
            {busy ? newsletterCopy.busy : newsletterCopy.submit}
          </Button>
        </div>
        <p id={ids.status} role="status" aria-live="polite" className="mt-3 min-h-6 text-sm font-medium">
          {status.state === "success" ? (
            <span className={cn("inline-flex items-start gap-2", look.success)}>
              <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              {status.message}
            </span>
          ) : null}
          {status.state === "error" ? (
            <span className={cn("inline-flex items-start gap-2", look.error)}>
              <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              {status.message}
            </span>
          ) : null}
        </p>
      </form>
    </section>
  );
}
