import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/Button";
import { adminCopy } from "../../content/admin";
import { cn } from "../../lib/cn";

/**
 * An admin screen (or a part of one) loading: a spinner and what is loading, announced politely. With
 * a placeholder (the part's own frame, its figures not in yet), the placeholder is shown instead of the
 * spinner and the label is read out only: the part keeps its size when the data arrives, so nothing
 * under it moves on the screen.
 */
function LoadingState({
  label,
  className,
  placeholder,
}: {
  label: string;
  className?: string;
  placeholder?: ReactNode;
}) {
  if (placeholder !== undefined)
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">{label}</span>
        {placeholder}
      </div>
    );
  return (
    <div role="status" aria-live="polite" className={cn("flex items-center gap-3 py-6 text-ink-muted", className)}>
      <span
        aria-hidden="true"
        className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600 motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}

/**
 * Where a figure not in yet stands in a placeholder: a bar the size `className` gives (height and
 * width), pulsing where motion is wanted; on a coloured badge (`onBadge`), a tint of its text colour.
 */
export function PendingFigure({ className, onBadge = false }: { className: string; onBadge?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block rounded align-middle",
        onBadge ? "bg-current/20" : "animate-pulse bg-slate-100 motion-reduce:animate-none",
        className,
      )}
    />
  );
}

/** Nothing to show: the message, and what the admin can do about it (a link back, clear the filters). */
export function EmptyState({
  message,
  children,
  className,
}: {
  message: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "rounded-card border border-dashed border-slate-300 bg-white p-8 text-center text-ink-muted",
        className,
      )}
    >
      <p>{message}</p>
      {children}
    </div>
  );
}

/** The data could not be loaded: says so and offers to try again. */
function ErrorState({ message, onRetry, className }: { message: string; onRetry: () => void; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-wrap items-center gap-3 rounded-card border border-red-200 bg-red-50 p-4 text-red-800",
        className,
      )}
    >
      <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
      <span>{message}</span>
      <Button size="sm" variant="danger" onClick={onRetry}>
        {adminCopy.retry}
      </Button>
    </div>
  );
}

/** What `AdminDataView` reads of a query (a `useQuery` result). */
export interface AdminQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface AdminDataViewProps<T> {
  query: AdminQuery<T>;
  /** What is loading ('Loading leads...'). */
  loading: string;
  /**
   * What stands in the data's place while it loads, the same size as what it becomes (the panels with
   * their headings and labels, the figures pending), for a part with content under it: a loading line
   * there would push that content down the screen when the data arrives. Announced as `loading`.
   */
  placeholder?: ReactNode;
  /** What could not be loaded ('The leads could not be loaded.'). */
  error: string;
  /** Data the screen has nothing to show of (no rows, no such lead); shown as `empty`. */
  isEmpty?: (data: T) => boolean;
  /** What stands in for empty data; without it, empty data is shown by `children` like any other. */
  empty?: ReactNode;
  className?: string;
  children: (data: T) => ReactNode;
}

/**
 * The loading, error and empty states of one query, the same on every admin screen, or its data.
 * Data already cached is shown while it loads again; 'Try again' fetches again.
 */
export function AdminDataView<T>({
  query,
  loading,
  placeholder,
  error,
  isEmpty,
  empty,
  className,
  children,
}: AdminDataViewProps<T>) {
  if (query.isError) return <ErrorState message={error} onRetry={() => void query.refetch()} className={className} />;
  if (query.isPending || query.data === undefined)
    return <LoadingState label={loading} className={className} placeholder={placeholder} />;
  if (empty !== undefined && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

interface AdminRecordViewProps<T> extends Omit<AdminDataViewProps<T | null>, "isEmpty" | "empty" | "children"> {
  /** What is said when there is no such record ('This lead was not found.'). */
  notFound: string;
  children: (record: T) => ReactNode;
}

/**
 * One record opened by its id (a lead, a proposal, a post), whose query answers null when there is no
 * such record: the query's states, that it was not found, or the record.
 */
export function AdminRecordView<T>({ notFound, children, ...view }: AdminRecordViewProps<T>) {
  return (
    <AdminDataView {...view} isEmpty={(found) => found === null} empty={<EmptyState message={notFound} />}>
      {(found) => (found === null ? null : children(found))}
    </AdminDataView>
  );
}
