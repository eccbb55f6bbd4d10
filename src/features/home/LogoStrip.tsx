import { clientLogos, clientStrip } from "../../content/clients";
import { cn } from "../../lib/cn";
import { usePlayInView } from "./use-play-in-view";

/**
 * The client-logo strip: the list twice in one track that slides by -50% (keyframes `marquee` in
 * index.css), so the loop is seamless. The copy is hidden from assistive technology; the strip
 * moves once it is on the screen after hydration (use-play-in-view.ts), pauses on hover and stops,
 * showing one wrapped copy, under reduced motion.
 */
export function LogoStrip() {
  const [trackRef, playing] = usePlayInView<HTMLDivElement>();
  return (
    <section
      aria-labelledby="client-logos-heading"
      className="skip-offscreen border-y border-slate-100 bg-slate-50/70 py-10"
    >
      <h2
        id="client-logos-heading"
        className="mb-6 px-4 text-center text-sm font-semibold uppercase tracking-[0.18em] text-ink-soft"
      >
        {clientStrip.heading}
      </h2>
      <div className="group relative overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)] motion-reduce:[mask-image:none]">
        <div
          ref={trackRef}
          data-playing={playing ? "true" : "false"}
          className={cn(
            "flex w-max animate-[marquee_40s_linear_infinite] group-hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:animate-none",
            !playing && "[animation-play-state:paused]",
          )}
        >
          <LogoList />
          <LogoList copy />
        </div>
      </div>
    </section>
  );
}

function LogoList({ copy = false }: { copy?: boolean }) {
  return (
    <ul
      aria-hidden={copy ? true : undefined}
      data-copy={copy ? "true" : undefined}
      className={
        copy
          ? "flex shrink-0 items-center gap-12 pr-12 motion-reduce:hidden"
          : "flex shrink-0 items-center gap-12 pr-12 motion-reduce:w-full motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-y-6 motion-reduce:px-4"
      }
    >
      {clientLogos.map((client) => (
        <li key={client.name} className="flex items-center gap-2.5 text-slate-600">
          <img src={client.logo} alt="" width={28} height={28} loading="lazy" decoding="async" className="h-7 w-7" />
          <span className="text-base font-semibold tracking-tight">{client.name}</span>
        </li>
      ))}
    </ul>
  );
}
