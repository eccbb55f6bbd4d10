import { ArrowRight } from "lucide-react";
import { startTransition, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { ButtonLink, IntakeFormLink } from "../../components/ui/Button";
import { HERO_TAB_TRANSITION_S, hero, heroTabs, type HeroTab } from "../../content/home";
import { cn } from "../../lib/cn";
import { useSwapTransition, type SwapPart } from "../../lib/use-swap-transition";
import { HeroImage } from "./illustrations";

const timing = { durationMs: HERO_TAB_TRANSITION_S * 1000, easing: "cubic-bezier(0.22, 1, 0.36, 1)" };

/**
 * The hero: an ARIA tab switcher (Design / Automate / Grow) whose active tab picks the title,
 * description and illustration. The title is the page's h1; the first tab is rendered without an
 * enter animation so the prerendered markup is the final, visible picture: fast LCP, no layout
 * shift, nothing hidden until scripts load. A picked tab's text and illustration fade out, then the
 * new ones fade in (the Web Animations API, src/lib/use-swap-transition.ts: no animation library on
 * the first screen).
 *
 * A tap answers in two steps. The tabs hold the pick themselves (HeroSwitcher), so the tap's own
 * render is the three tabs and their pill, painted in the next frame. The panel follows in a
 * transition (`startTransition`): React renders it after that frame, in slices, and its text starts to
 * fade out then. Rendered with the tap, the whole hero and the start of the fade held the tap's
 * frame back (docs/performance.md, "The hero's tab: the tabs first, the panel after").
 */
export function HeroSection() {
  const [activeIndex, setActiveIndex] = useState(0);
  const follow = (index: number) => startTransition(() => setActiveIndex(index));
  const textRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLDivElement>(null);
  const parts: SwapPart[] = [
    {
      ref: textRef,
      enterFrom: { opacity: 0, transform: "translateY(16px)" },
      exitTo: { opacity: 0, transform: "translateY(-12px)" },
    },
    {
      ref: imageRef,
      enterFrom: { opacity: 0, transform: "translateY(12px) scale(0.96)" },
      exitTo: { opacity: 0, transform: "translateY(-8px) scale(0.98)" },
    },
  ];
  // The tabs follow the pick at once; the panel shows the previous tab until it has faded out.
  const shownIndex = useSwapTransition(activeIndex, parts, timing);
  const active = heroTabs[activeIndex] ?? heroTabs[0];
  const shown = heroTabs[shownIndex] ?? heroTabs[0];

  return (
    <section
      aria-label={hero.tablistLabel}
      className="relative isolate flex min-h-[calc(100vh-6rem)] items-center overflow-hidden bg-white px-4 py-12 sm:px-6 lg:px-8 lg:py-16"
    >
      <HeroBackdrop />
      <div className="mx-auto grid w-full max-w-7xl items-center gap-10 lg:grid-cols-[1.05fr_1fr] lg:gap-16">
        <div className="min-w-0">
          <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white/80 px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-soft">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-accent-500" />
            {hero.eyebrow}
          </p>
          <HeroSwitcher onSelect={follow} />
          <HeroCopy activeId={active.id} shown={shown} textRef={textRef} />
          <HeroActions />
        </div>
        <HeroIllustration shown={shown} imageRef={imageRef} />
      </div>
    </section>
  );
}

/**
 * The tabs, with a pill that slides under the picked one. Arrow keys, Home and End move the pick
 * and the focus (roving tabindex: only the picked tab is in the tab order). The pick is held here,
 * so that a tap re-renders the tabs alone; `onSelect` tells the hero, whose panel follows.
 */
function HeroSwitcher({ onSelect }: { onSelect: (index: number) => void }) {
  const [picked, setPicked] = useState(0);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (index: number, focus: boolean) => {
    const next = (index + heroTabs.length) % heroTabs.length;
    setPicked(next);
    onSelect(next);
    if (focus) tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: picked + 1,
      ArrowLeft: picked - 1,
      Home: 0,
      End: heroTabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <div
      role="tablist"
      aria-label={hero.tablistLabel}
      onKeyDown={onKeyDown}
      className="relative grid w-full max-w-md grid-cols-3 rounded-full bg-brand-50 p-1.5 ring-1 ring-brand-100"
    >
      <span
        aria-hidden="true"
        className="absolute inset-y-1.5 left-1.5 w-[calc((100%-0.75rem)/3)] rounded-full bg-brand-700 shadow-soft transition-transform ease-[cubic-bezier(0.22,1,0.36,1)] motion-reduce:transition-none"
        style={{
          transform: `translateX(${picked * 100}%)`,
          transitionDuration: `${HERO_TAB_TRANSITION_S}s`,
        }}
      />
      {heroTabs.map((tab, index) => (
        <TabButton
          key={tab.id}
          tab={tab}
          selected={index === picked}
          ref={(node) => {
            tabRefs.current[index] = node;
          }}
          onSelect={() => select(index, false)}
        />
      ))}
    </div>
  );
}

/** The tab panel: the shown tab's title (the page's h1) and description, in the element that fades. */
function HeroCopy({
  activeId,
  shown,
  textRef,
}: {
  activeId: string;
  shown: HeroTab;
  textRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div
      id="hero-panel"
      role="tabpanel"
      aria-labelledby={`hero-tab-${activeId}`}
      className="mt-8 min-h-[15rem] sm:min-h-[13rem]"
    >
      <div ref={textRef}>
        <h1 className="text-4xl font-extrabold leading-[1.08] tracking-tight text-ink text-balance sm:text-5xl lg:text-6xl">
          {shown.title}
        </h1>
        <p className="mt-5 max-w-xl text-lg leading-relaxed text-ink-muted text-pretty">{shown.description}</p>
      </div>
    </div>
  );
}

/** The calls to action under the copy, and the note that builds trust. */
function HeroActions() {
  return (
    <>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
        <IntakeFormLink variant="primary" size="lg">
          {hero.ctaLabel}
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </IntakeFormLink>
        <ButtonLink to={hero.secondaryPath} variant="ghost" size="lg">
          {hero.secondaryLabel}
        </ButtonLink>
      </div>
      <p className="mt-4 text-sm text-ink-soft">{hero.trustNote}</p>
    </>
  );
}

/** The shown tab's illustration on a soft glow, in the element that fades. */
function HeroIllustration({ shown, imageRef }: { shown: HeroTab; imageRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div className="relative mx-auto w-full max-w-xl lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute -inset-10 -z-10 bg-[radial-gradient(closest-side,rgba(160,163,253,0.45),rgba(253,230,138,0.25)_60%,transparent)]"
      />
      <div ref={imageRef}>
        <HeroImage image={shown.image} label={shown.imageText} className="h-auto w-full" />
      </div>
    </div>
  );
}

interface TabButtonProps {
  tab: HeroTab;
  selected: boolean;
  onSelect: () => void;
  ref: (node: HTMLButtonElement | null) => void;
}

function TabButton({ tab, selected, onSelect, ref }: TabButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      role="tab"
      id={`hero-tab-${tab.id}`}
      aria-selected={selected}
      aria-controls="hero-panel"
      tabIndex={selected ? 0 : -1}
      onClick={onSelect}
      className={cn(
        "relative z-10 rounded-full px-3 py-2.5 text-sm font-semibold transition-colors duration-300 focus-ring focus-visible:ring-offset-2 sm:text-base",
        selected ? "text-white" : "text-brand-800 hover:text-brand-950",
      )}
    >
      {tab.label}
    </button>
  );
}

/**
 * The hero's soft shapes, on a compositing layer of their own (`will-change-transform`): drawn once,
 * and not drawn again when the tab's text and illustration change or animate above them. In the page's
 * own layer, their two 64 px blurs were rasterized again with every swap: 170-250 ms of raster work
 * after a tab's click (Chromium's software raster, 390 × 844 at 3x), which held its next frame
 * (docs/performance.md, "The hero's tab and its backdrop").
 */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 will-change-transform">
      <div className="absolute -left-32 -top-40 h-[28rem] w-[28rem] rounded-full bg-brand-100/70 blur-3xl" />
      <div className="absolute -bottom-40 right-[-8rem] h-[26rem] w-[26rem] rounded-full bg-accent-300/30 blur-3xl" />
      <div className="absolute inset-0 bg-[radial-gradient(circle_at_1px_1px,rgba(66,51,200,0.12)_1px,transparent_0)] [background-size:28px_28px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]" />
    </div>
  );
}
