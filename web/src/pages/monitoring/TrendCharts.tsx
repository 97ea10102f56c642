/**
 * A monitor's trend: conversations per window, and the pass rate with its 95 % Wilson band;
 * windows with alerts are marked on both. Loaded with the monitor page only (recharts).
 */
import { Group, SimpleGrid, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  Area, Bar, BarChart, CartesianGrid, ComposedChart, ErrorBar, Line, ReferenceDot, ResponsiveContainer, Tooltip, XAxis, YAxis,
} from "recharts";
import type { AlertMarker, TrendPoint } from "./trend";

interface Props { points: TrendPoint[]; markers: AlertMarker[] }

export default function TrendCharts({ points, markers }: Props) {
  const { t } = useTranslation();
  const labelOf = new Map(points.map((p) => [p.start, p.label]));
  const tick = (start: string) => labelOf.get(start) ?? start;
  // A dot above the window, not a line through it: a line would hide the interval's error bar.
  const markerDots = (top: number) => markers.map((m) => {
    const start = points.find((p) => p.label === m.label)?.start;
    return start ? (
      <ReferenceDot key={start} x={start} y={top} r={5} fill="var(--mantine-color-red-6)" stroke="white" ifOverflow="extendDomain" />
    ) : null;
  });
  const topVolume = Math.max(1, ...points.map((p) => p.volume));
  const percent = (value: number) => `${value}%`;
  return (
    <section aria-label={t("monitoring.trend")}>
      <Title order={3} size="h4">{t("monitoring.trend")}</Title>
      <Text size="xs" c="dimmed" mb="xs">{t("monitoring.trendHint")}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <figure style={{ margin: 0 }} aria-label={t("monitoring.volumeChart")}>
          <Text size="sm" fw={500} component="figcaption">{t("monitoring.volumeChart")}</Text>
          <div style={{ width: "100%", height: 200 }}>
            <ResponsiveContainer>
              <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="start" tickFormatter={tick} fontSize={11} minTickGap={16} />
                <YAxis allowDecimals={false} fontSize={11} width={36} />
                <Tooltip labelFormatter={(start) => tick(String(start))} />
                <Bar dataKey="volume" name={t("monitoring.volume")} fill="var(--mantine-color-blue-5)" isAnimationActive={false} />
                {markerDots(topVolume)}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
        <figure style={{ margin: 0 }} aria-label={t("monitoring.passChart")}>
          <Text size="sm" fw={500} component="figcaption">{t("monitoring.passChart")}</Text>
          <div style={{ width: "100%", height: 200 }}>
            <ResponsiveContainer>
              <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="start" tickFormatter={tick} fontSize={11} minTickGap={16} />
                <YAxis domain={[0, 100]} tickFormatter={percent} fontSize={11} width={44} />
                <Tooltip labelFormatter={(start) => tick(String(start))}
                  formatter={(value) => (Array.isArray(value) ? value.map((v) => `${String(v)}%`).join(" – ") : `${String(value)}%`)} />
                <Area dataKey="band" name={t("monitoring.band")} stroke="none" fill="var(--mantine-color-green-2)"
                  isAnimationActive={false} connectNulls={false} />
                <Line dataKey="pass" name={t("monitoring.passRate")} stroke="var(--mantine-color-green-8)" strokeWidth={2}
                  dot={{ r: 3 }} isAnimationActive={false} connectNulls={false}>
                  <ErrorBar dataKey="spread" width={6} strokeWidth={1.5} stroke="var(--mantine-color-green-6)" direction="y" />
                </Line>
                {markerDots(100)}
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        </figure>
      </SimpleGrid>
      {markers.length > 0 && (
        <Group gap="md" mt={4}>
          {markers.map((m) => (
            <Text key={m.label} size="xs" c="red.8">● {m.label}: {t("monitoring.alertsInWindow", { drops: m.drops, redLines: m.redLines })}</Text>
          ))}
        </Group>
      )}
    </section>
  );
}
