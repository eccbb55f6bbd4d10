import { Glow } from "../../components/ui/Glow";
import { Section, SectionHeading } from "../../components/ui/Section";
import { stats, statsSection, type StatItem } from "../../content/home";
import { cn } from "../../lib/cn";
import { formatStat, useCountUp } from "./count-up";
import { homeIcons } from "./home-icons";

/** 'Numbers Don't Lie': four counters that count up once when scrolled into view. */
export function StatsSection() {
  return (
    <Section belowFold aria-labelledby="stats-heading" className="relative overflow-hidden bg-brand-950">
      <Glow className="-left-24 top-0 h-80 w-80 bg-brand-700/50" />
      <Glow className="-right-24 bottom-0 h-80 w-80 bg-accent-500/20" />
      <div className="relative">
        <SectionHeading {...statsSection} id="stats-heading" tone="light" />
        <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {stats.map((stat) => (
            <StatCounter key={stat.label} stat={stat} />
          ))}
        </dl>
      </div>
    </Section>
  );
}

export function StatCounter({ stat, durationMs }: { stat: StatItem; durationMs?: number }) {
  const { ref, value } = useCountUp<HTMLDivElement>(stat.value, durationMs);
  const Icon = homeIcons[stat.icon];
  return (
    <div
      ref={ref}
      className="flex flex-col-reverse items-center rounded-card border border-white/10 bg-white/5 p-8 text-center backdrop-blur"
    >
      <dt className="mt-2 font-medium text-brand-100">{stat.label}</dt>
      <dd className="flex flex-col items-center">
        <span className={cn("mb-5 inline-flex h-14 w-14 items-center justify-center rounded-2xl", stat.color)}>
          <Icon aria-hidden="true" className="h-7 w-7" />
        </span>
        {/* Screen readers get the final figure; the visible number counts up. */}
        <span className="sr-only">{formatStat(stat.value, stat.prefix, stat.suffix)}</span>
        <span aria-hidden="true" className="text-4xl font-extrabold tracking-tight text-white tabular-nums sm:text-5xl">
          {formatStat(value, stat.prefix, stat.suffix)}
        </span>
      </dd>
    </div>
  );
}
