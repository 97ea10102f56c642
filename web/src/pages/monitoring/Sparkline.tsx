/**
 * A small inline line for a list row (plain SVG: a row needs no chart library). Gaps (null)
 * break the line; the values are also said in words for screen readers.
 */
interface Props {
  values: readonly (number | null)[];
  /** The top of the scale (e.g. 1 for a rate); the largest value when left out. */
  max?: number;
  label: string;
  colour: string;
}

const WIDTH = 120;
const HEIGHT = 28;

export function Sparkline({ values, max, label, colour }: Props) {
  const top = max ?? Math.max(1, ...values.map((v) => v ?? 0));
  const step = values.length > 1 ? WIDTH / (values.length - 1) : WIDTH;
  const y = (v: number) => HEIGHT - 2 - (v / top) * (HEIGHT - 4);
  const segments: string[] = [];
  let current = "";
  values.forEach((v, i) => {
    if (v === null) { if (current) segments.push(current); current = ""; return; }
    current += `${current ? "L" : "M"}${(i * step).toFixed(1)},${y(v).toFixed(1)}`;
  });
  if (current) segments.push(current);
  const last = values.length ? values[values.length - 1] : null;
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}
      style={{ display: "block", overflow: "visible" }}>
      <line x1={0} x2={WIDTH} y1={HEIGHT - 2} y2={HEIGHT - 2} stroke="var(--mantine-color-gray-3)" strokeWidth={1} />
      {segments.map((d) => <path key={d} d={d} fill="none" stroke={colour} strokeWidth={1.5} />)}
      {last !== null && <circle cx={(values.length - 1) * step} cy={y(last)} r={2.5} fill={colour} />}
    </svg>
  );
}
