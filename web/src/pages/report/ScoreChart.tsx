/** Per-dimension scores (0–10) as a bar chart; loaded only on the report page. */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export default function ScoreChart({ scores }: { scores: readonly { dimension: string; score: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, scores.length * 40)}>
      <BarChart data={[...scores]} layout="vertical" margin={{ left: 24, right: 24 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" domain={[0, 10]} />
        <YAxis type="category" dataKey="dimension" width={140} />
        <Tooltip />
        <Bar dataKey="score" fill="#228be6" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
