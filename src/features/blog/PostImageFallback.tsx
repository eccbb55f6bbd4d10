import { BarChart3, Monitor, Newspaper, Workflow, type LucideIcon } from "lucide-react";
import { useId } from "react";
import { cn } from "../../lib/cn";

const marks: Array<{ test: RegExp; icon: LucideIcon; circle: { cx: number; cy: number } }> = [
  { test: /web|design|site/i, icon: Monitor, circle: { cx: 540, cy: 60 } },
  { test: /crm|automat/i, icon: Workflow, circle: { cx: 90, cy: 300 } },
  { test: /ads?\b|advert|marketing|growth/i, icon: BarChart3, circle: { cx: 560, cy: 320 } },
];

/** Decorative stand-in: the brand gradient with a soft grid and a mark for the post's category. */
export function PostImageFallback({ className, category }: { className?: string; category?: string | null }) {
  const mark = marks.find((candidate) => candidate.test.test(category ?? ""));
  const Icon = mark?.icon ?? Newspaper;
  const circle = mark?.circle ?? { cx: 100, cy: 60 };
  const patternId = `post-grid-${useId().replace(/:/g, "")}`;
  return (
    <div
      data-testid="post-image-fallback"
      aria-hidden="true"
      className={cn(
        "relative flex items-center justify-center overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950",
        className,
      )}
    >
      <svg
        className="absolute inset-0 h-full w-full opacity-20"
        width="640"
        height="360"
        viewBox="0 0 640 360"
        preserveAspectRatio="xMidYMid slice"
      >
        <defs>
          <pattern id={patternId} width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M32 0H0V32" fill="none" stroke="white" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="640" height="360" fill={`url(#${patternId})`} />
        <circle cx={circle.cx} cy={circle.cy} r="90" fill="#fcd34d" opacity="0.5" />
      </svg>
      <span className="relative flex h-14 w-14 items-center justify-center rounded-2xl bg-white/15 text-white backdrop-blur">
        <Icon className="h-7 w-7" />
      </span>
    </div>
  );
}
