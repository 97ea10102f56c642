/** A monitor's windows as chart points (percentages with their Wilson band) and where its alerts fall. */
import type { JsonValue } from "../../graphql/graphql";

export interface Rate { successes: number; total: number; value: number | null; low: number | null; high: number | null }
export interface WindowRow { start: string; end: string; volume: number; passRate: Rate }
export interface AlertRow { kind: string; createdAt: string; detail: JsonValue }

export interface TrendPoint {
  label: string;
  start: string;
  volume: number;
  /** Pass rate in percent, null when nothing was judged in the window. */
  pass: number | null;
  /** The 95 % Wilson interval in percent as [low, high] (recharts draws a range area from it). */
  band: [number, number] | null;
  /** The same interval as distances below and above the rate (an error bar shows it on a lone point). */
  spread: [number, number] | null;
  judged: number;
}

const percent = (value: number) => Math.round(value * 1000) / 10;

/** Hours and minutes for windows under a day long, else the date. */
export function windowLabel(start: string, end: string, locale: string): string {
  const from = new Date(start);
  const long = new Date(end).getTime() - from.getTime() >= 86_400_000;
  return new Intl.DateTimeFormat(locale, long ? { month: "short", day: "numeric" } : { hour: "2-digit", minute: "2-digit" }).format(from);
}

export function trendPoints(windows: readonly WindowRow[], locale: string): TrendPoint[] {
  return windows.map((w) => {
    const { value, low, high } = w.passRate;
    const pass = value === null ? null : percent(value);
    const band: [number, number] | null = low === null || high === null ? null : [percent(low), percent(high)];
    return {
      label: windowLabel(w.start, w.end, locale), start: w.start, volume: w.volume, judged: w.passRate.total, pass, band,
      spread: pass === null || band === null ? null : [Math.round((pass - band[0]) * 10) / 10, Math.round((band[1] - pass) * 10) / 10],
    };
  });
}

/** The window an alert belongs to: a drop names its window, a red line falls where it was raised. */
export function alertWindow(alert: AlertRow, windows: readonly WindowRow[]): number {
  const detail = alert.detail;
  const named = typeof detail === "object" && detail !== null && !Array.isArray(detail)
    && typeof detail.window === "object" && detail.window !== null && !Array.isArray(detail.window)
    && typeof detail.window.start === "string" ? detail.window.start : null;
  const at = new Date(named ?? alert.createdAt).getTime();
  return windows.findIndex((w) => new Date(w.start).getTime() <= at && at < new Date(w.end).getTime());
}

export interface AlertMarker { label: string; drops: number; redLines: number }

/** One marker per window with alerts, counting drops and red lines; alerts outside the charted windows are left out. */
export function alertMarkers(alerts: readonly AlertRow[], windows: readonly WindowRow[], points: readonly TrendPoint[]): AlertMarker[] {
  const byWindow = new Map<number, AlertMarker>();
  for (const alert of alerts) {
    const index = alertWindow(alert, windows);
    if (index < 0) continue;
    const marker = byWindow.get(index) ?? { label: points[index].label, drops: 0, redLines: 0 };
    if (alert.kind === "DROP") marker.drops += 1; else marker.redLines += 1;
    byWindow.set(index, marker);
  }
  return [...byWindow.entries()].sort(([a], [b]) => a - b).map(([, marker]) => marker);
}

/** "83 % (71–91 %)" for a rate with its interval; "—" when nothing counted. */
export function rateText(rate: Rate): string {
  if (rate.value === null) return "—";
  const interval = rate.low !== null && rate.high !== null ? ` (${percent(rate.low)}–${percent(rate.high)} %)` : "";
  return `${percent(rate.value)} %${interval}`;
}
