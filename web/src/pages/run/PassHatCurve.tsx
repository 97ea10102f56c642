/** pass^1..pass^k as a small line: how fast "passes every time" falls as k grows. */
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

const WIDTH = 160;
const HEIGHT = 48;

export function PassHatCurve({ curve }: { curve: number[] }) {
  const { t } = useTranslation();
  const step = curve.length > 1 ? WIDTH / (curve.length - 1) : 0;
  const points = curve.map((value, i) => `${i * step},${HEIGHT - value * HEIGHT}`).join(" ");
  const label = curve.map((value, i) => `pass^${i + 1} ${Math.round(value * 1000) / 10}%`).join(", ");
  return (
    <figure aria-label={t("run.passHatCurve")} style={{ margin: 0 }}>
      <svg width={WIDTH} height={HEIGHT} role="img" aria-label={label}>
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth={2} />
        {curve.map((value, i) => <circle key={i} cx={i * step} cy={HEIGHT - value * HEIGHT} r={2.5} />)}
      </svg>
      <Text size="xs" c="dimmed" component="figcaption">{label}</Text>
    </figure>
  );
}
