/**
 * κ of one rule and judge model over time, as plain SVG (no chart library, no live updates):
 * one point per bucket and revision, its 95 % interval as a vertical bar, and a dashed line
 * where the revision changed, labelled with the new one. It scales to the page's width; the
 * points are also said in words for screen readers (and listed in the table below).
 */
import { useTranslation } from "react-i18next";
import { kappaFloor, revisionShort, type Series } from "./series";

const WIDTH = 640;
const HEIGHT = 190;
const LEFT = 40;
const RIGHT = 16;
const TOP = 22;
const BOTTOM = 28;

export function KappaTrend({ series }: { series: Series }) {
  const { t } = useTranslation();
  const { points } = series;
  const floor = kappaFloor(points);
  const x = (i: number) => LEFT + (points.length > 1 ? (i * (WIDTH - LEFT - RIGHT)) / (points.length - 1) : (WIDTH - LEFT - RIGHT) / 2);
  const y = (v: number) => TOP + ((1 - v) / (1 - floor || 1)) * (HEIGHT - TOP - BOTTOM);
  const own = t("agreement.ownExamples");
  const kappaWords = (k: number | null) => (k === null ? t("agreement.kappaUndefined") : k.toFixed(2));
  const summary = points.map((p) => t("agreement.trendPoint", {
    bucket: p.bucketStart, revision: revisionShort(p.revision) ?? own, kappa: kappaWords(p.kappa) })).join("; ");
  const segments: string[] = [];
  let current = "";
  points.forEach((p, i) => {
    if (p.kappa === null) { if (current) segments.push(current); current = ""; return; }
    current += `${current ? "L" : "M"}${x(i).toFixed(1)},${y(p.kappa).toFixed(1)}`;
  });
  if (current) segments.push(current);
  const ticks = [1, 0.5, 0, ...(floor < 0 ? [floor] : [])];
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" data-testid="kappa-trend"
      aria-label={t("agreement.trendLabel", { rule: series.ruleType, model: series.judgeModel, summary })}
      style={{ display: "block", maxWidth: WIDTH }}>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(v)} y2={y(v)} stroke="var(--mantine-color-gray-3)" strokeWidth={1} />
          <text x={LEFT - 6} y={y(v) + 4} fontSize={11} textAnchor="end" fill="var(--mantine-color-dimmed)">{v.toFixed(1)}</text>
        </g>
      ))}
      {points.map((p, i) => p.revisionChanged && (
        <g key={`change-${i}`} data-testid="revision-change">
          <line x1={x(i) - (x(i) - x(i - 1)) / 2} x2={x(i) - (x(i) - x(i - 1)) / 2} y1={TOP - 6} y2={HEIGHT - BOTTOM}
            stroke="var(--mantine-color-orange-7)" strokeDasharray="4 3" strokeWidth={1.5} />
          <text x={x(i) - (x(i) - x(i - 1)) / 2 + 4} y={TOP - 8} fontSize={11} fill="var(--mantine-color-orange-9)">
            {t("agreement.revisionChange", { revision: revisionShort(p.revision) ?? own })}
          </text>
        </g>
      ))}
      {points.map((p, i) => p.kappaLow !== null && p.kappaHigh !== null && (
        <line key={`ci-${i}`} x1={x(i)} x2={x(i)} y1={y(p.kappaHigh)} y2={y(p.kappaLow)}
          stroke="var(--mantine-color-blue-3)" strokeWidth={4} strokeLinecap="round" />
      ))}
      {segments.map((d) => <path key={d} d={d} fill="none" stroke="var(--mantine-color-blue-8)" strokeWidth={2} />)}
      {points.map((p, i) => p.kappa !== null && <circle key={`k-${i}`} cx={x(i)} cy={y(p.kappa)} r={3.5} fill="var(--mantine-color-blue-8)" />)}
      <text x={LEFT} y={HEIGHT - 8} fontSize={11} fill="var(--mantine-color-dimmed)">{points[0]?.bucketStart}</text>
      {points.length > 1 && (
        <text x={WIDTH - RIGHT} y={HEIGHT - 8} fontSize={11} textAnchor="end" fill="var(--mantine-color-dimmed)">
          {points[points.length - 1].bucketStart}
        </text>
      )}
    </svg>
  );
}
