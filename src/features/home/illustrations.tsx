import type { SVGProps } from "react";
import type { HeroIllustration } from "../../content/home";

/**
 * Hero illustrations drawn for this site as inline SVG: no request, crisp at any width, and they
 * render in the prerendered HTML. Colours are the brand tokens of tailwind.config.ts.
 */
const c = {
  brand950: "#1c184a",
  brand800: "#362ca1",
  brand700: "#4233c8",
  brand500: "#625cf0",
  brand200: "#c4c8ff",
  brand100: "#dfe2ff",
  brand50: "#eef0ff",
  accent: "#fcd34d",
  accentDark: "#f5b70b",
  slate: "#e2e8f0",
  slateDark: "#94a3b8",
  green: "#10b981",
};

/** An unfilled line with round ends, drawn in one colour. */
const roundLine = (stroke: string, strokeWidth: string) => ({
  fill: "none",
  stroke,
  strokeWidth,
  strokeLinecap: "round" as const,
});

/** A line through several points (a chart, a tick): round ends and round corners. */
const roundPolyline = (stroke: string, strokeWidth: string) => ({
  ...roundLine(stroke, strokeWidth),
  strokeLinejoin: "round" as const,
});

interface IllustrationProps extends Omit<SVGProps<SVGSVGElement>, "role"> {
  label: string;
}

function Frame({ label, children, ...rest }: IllustrationProps) {
  return (
    <svg viewBox="0 0 560 420" width="560" height="420" role="img" aria-label={label} {...rest}>
      <defs>
        <linearGradient id="hero-ill-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={c.brand700} />
          <stop offset="1" stopColor={c.brand950} />
        </linearGradient>
        <filter id="hero-ill-shadow" x="-10%" y="-10%" width="120%" height="130%">
          <feDropShadow dx="0" dy="14" stdDeviation="14" floodColor={c.brand950} floodOpacity="0.22" />
        </filter>
      </defs>
      {/* The white card, with its shadow, that every illustration is drawn on. */}
      <g filter="url(#hero-ill-shadow)">
        <rect x="20" y="20" width="520" height="370" rx="22" fill="#fff" />
      </g>
      {children}
    </svg>
  );
}

function BrowserMockup(props: IllustrationProps) {
  return (
    <Frame {...props}>
      <rect x="20" y="20" width="520" height="44" rx="22" fill={c.brand50} />
      <rect x="20" y="44" width="520" height="20" fill={c.brand50} />
      <circle cx="48" cy="42" r="6" fill="#f87171" />
      <circle cx="68" cy="42" r="6" fill={c.accent} />
      <circle cx="88" cy="42" r="6" fill="#34d399" />
      <rect x="120" y="32" width="300" height="20" rx="10" fill="#fff" />
      <rect x="134" y="39" width="120" height="6" rx="3" fill={c.slateDark} />
      {/* page hero */}
      <rect x="44" y="84" width="472" height="150" rx="16" fill="url(#hero-ill-bg)" />
      <rect x="68" y="110" width="190" height="16" rx="8" fill="#fff" />
      <rect x="68" y="136" width="150" height="16" rx="8" fill="#fff" />
      <rect x="68" y="166" width="200" height="8" rx="4" fill={c.brand200} />
      <rect x="68" y="182" width="170" height="8" rx="4" fill={c.brand200} />
      <rect x="68" y="202" width="96" height="20" rx="10" fill={c.accent} />
      <g transform="translate(330 102)">
        <rect width="164" height="112" rx="12" fill="#fff" fillOpacity="0.12" />
        <path d="M16 88 L52 56 L80 74 L116 34 L148 50" {...roundPolyline(c.accent, "5")} />
        <circle cx="116" cy="34" r="7" fill={c.accent} />
      </g>
      {/* service cards */}
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(${44 + i * 162} 252)`}>
          <rect width="148" height="116" rx="14" fill="#fff" stroke={c.slate} strokeWidth="2" />
          <rect x="16" y="16" width="32" height="32" rx="10" fill={[c.brand100, "#fef3c7", "#d1fae5"][i]} />
          <rect x="16" y="60" width="96" height="9" rx="4.5" fill={c.brand950} />
          <rect x="16" y="78" width="116" height="7" rx="3.5" fill={c.slate} />
          <rect x="16" y="92" width="84" height="7" rx="3.5" fill={c.slate} />
        </g>
      ))}
    </Frame>
  );
}

const columns = [
  { name: "New Lead", cards: 3, color: c.brand500 },
  { name: "Contacted", cards: 2, color: c.accentDark },
  { name: "Proposal", cards: 2, color: "#8b5cf6" },
  { name: "Won", cards: 1, color: c.green },
];

function CrmPipeline(props: IllustrationProps) {
  return (
    <Frame {...props}>
      <rect x="44" y="42" width="150" height="14" rx="7" fill={c.brand950} />
      <rect x="400" y="38" width="116" height="24" rx="12" fill={c.brand700} />
      <rect x="418" y="47" width="80" height="6" rx="3" fill="#fff" />
      {columns.map((column, i) => (
        <g key={column.name} transform={`translate(${44 + i * 121} 80)`}>
          <rect width="109" height="290" rx="14" fill={c.brand50} />
          <circle cx="16" cy="20" r="5" fill={column.color} />
          <text x="28" y="24.5" fontSize="12" fontWeight="700" fill={c.brand950} fontFamily="inherit">
            {column.name}
          </text>
          {Array.from({ length: column.cards }, (_, j) => (
            <g key={j} transform={`translate(8 ${40 + j * 78})`}>
              <rect
                width="93"
                height="68"
                rx="10"
                fill="#fff"
                stroke={j === 0 && i === 1 ? c.accent : c.slate}
                strokeWidth="2"
              />
              <circle cx="18" cy="20" r="9" fill={column.color} fillOpacity="0.25" />
              <rect x="32" y="15" width="48" height="7" rx="3.5" fill={c.brand950} />
              <rect x="12" y="38" width="68" height="6" rx="3" fill={c.slate} />
              <rect x="12" y="50" width="40" height="6" rx="3" fill={column.color} fillOpacity="0.6" />
            </g>
          ))}
        </g>
      ))}
      {/* an automated hand-off from Contacted to Proposal */}
      <path d="M256 160 C 280 160, 282 136, 300 132" {...roundLine(c.accentDark, "3")} strokeDasharray="6 6" />
      <circle cx="300" cy="132" r="5" fill={c.accentDark} />
      <g transform="translate(396 318)">
        <rect width="132" height="44" rx="12" fill={c.brand950} />
        <circle cx="22" cy="22" r="10" fill={c.green} />
        <path d="M17 22 l4 4 l7 -8" {...roundPolyline("#fff", "2.5")} />
        <rect x="40" y="15" width="76" height="6" rx="3" fill="#fff" />
        <rect x="40" y="26" width="52" height="5" rx="2.5" fill={c.brand200} />
      </g>
    </Frame>
  );
}

const bars = [58, 82, 74, 110, 128, 150, 176];

function AdsChart(props: IllustrationProps) {
  return (
    <Frame {...props}>
      {[
        { x: 44, value: "4.2x", color: c.brand700 },
        { x: 204, value: "1,268", color: c.accentDark },
        { x: 364, value: "-47%", color: c.green },
      ].map((kpi) => (
        <g key={kpi.x} transform={`translate(${kpi.x} 44)`}>
          <rect width="152" height="72" rx="14" fill={c.brand50} />
          <rect x="16" y="16" width="64" height="7" rx="3.5" fill={c.slateDark} />
          <text x="16" y="56" fontSize="24" fontWeight="800" fill={kpi.color} fontFamily="inherit">
            {kpi.value}
          </text>
        </g>
      ))}
      <g transform="translate(44 136)">
        <rect width="472" height="232" rx="16" fill="#fff" stroke={c.slate} strokeWidth="2" />
        {[0, 1, 2, 3].map((i) => (
          <line key={i} x1="24" x2="448" y1={40 + i * 46} y2={40 + i * 46} stroke={c.slate} strokeDasharray="4 6" />
        ))}
        {bars.map((height, i) => (
          <rect
            key={i}
            x={40 + i * 60}
            y={208 - height}
            width="30"
            height={height}
            rx="8"
            fill={i === bars.length - 1 ? c.brand700 : c.brand200}
          />
        ))}
        <path
          d={bars.map((height, i) => `${i === 0 ? "M" : "L"}${55 + i * 60} ${196 - height * 0.9}`).join(" ")}
          {...roundPolyline(c.accentDark, "4")}
        />
        <circle cx={55 + 6 * 60} cy={196 - 176 * 0.9} r="7" fill={c.accentDark} stroke="#fff" strokeWidth="3" />
      </g>
    </Frame>
  );
}

const illustrations: Record<HeroIllustration, (props: IllustrationProps) => React.JSX.Element> = {
  "browser-mockup": BrowserMockup,
  "crm-pipeline": CrmPipeline,
  "ads-chart": AdsChart,
};

export function HeroImage({ image, ...props }: IllustrationProps & { image: HeroIllustration }) {
  const Illustration = illustrations[image];
  return <Illustration {...props} />;
}
