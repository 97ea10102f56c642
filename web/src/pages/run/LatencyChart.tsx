/** How long the target took per turn, as a histogram (bins in ms). */
import { Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { LatencyBucket } from "./outcomes";

export function LatencyChart({ buckets }: { buckets: LatencyBucket[] }) {
  const { t } = useTranslation();
  if (buckets.length === 0) return null;
  return (
    <section aria-label={t("run.latencyHistogram")}>
      <Title order={3} size="h4">{t("run.latencyHistogram")}</Title>
      <Text size="xs" c="dimmed">{t("run.latencyHistogramHint")}</Text>
      <div style={{ width: "100%", height: 180 }}>
        <ResponsiveContainer>
          <BarChart data={buckets}>
            <XAxis dataKey="label" fontSize={11} />
            <YAxis allowDecimals={false} fontSize={11} />
            <Tooltip />
            <Bar dataKey="count" fill="#1c7ed6" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
