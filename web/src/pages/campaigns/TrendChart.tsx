/** A campaign's pass rate and L3 success rate over its finished runs, oldest first (loaded with the campaign page only). */
import { Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface TrendPoint { label: string; pass: number; success: number }

export default function TrendChart({ points }: { points: TrendPoint[] }) {
  const { t } = useTranslation();
  if (points.length < 2) return null;
  const percent = (value: number) => `${Math.round(value)}%`;
  return (
    <section aria-label={t("matrix.trend")}>
      <Title order={3} size="h4">{t("matrix.trend")}</Title>
      <Text size="xs" c="dimmed">{t("matrix.trendHint")}</Text>
      <div style={{ width: "100%", height: 220 }}>
        <ResponsiveContainer>
          <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" fontSize={11} />
            <YAxis domain={[0, 100]} tickFormatter={percent} fontSize={11} width={44} />
            <Tooltip formatter={(value) => percent(Number(value))} />
            <Legend />
            <Line type="monotone" dataKey="pass" name={t("run.passRate")} stroke="#1c7ed6" isAnimationActive={false} />
            <Line type="monotone" dataKey="success" name={t("run.l3")} stroke="#2b8a3e" isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
