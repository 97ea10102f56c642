/** Agreement and κ as the report writes them: "3 of 4 (75%)" and "0.42 (0.10 – 0.70)". */
export interface Figures {
  agreement: { reviewed: number; agreed: number; agreement: number; kappa: number | null } | null;
  kappaLow: number | null;
  kappaHigh: number | null;
}

export function agreementText(figures: Figures, none: string): string {
  const a = figures.agreement;
  if (!a || a.reviewed === 0) return none;
  return `${a.agreed}/${a.reviewed} (${Math.round(a.agreement * 100)}%)`;
}

export function kappaText(figures: Figures, none: string, undefinedWord: string): string {
  const a = figures.agreement;
  if (!a || a.reviewed === 0) return none;
  if (a.kappa === null) return undefinedWord;
  const interval = figures.kappaLow !== null && figures.kappaHigh !== null
    ? ` (${figures.kappaLow.toFixed(2)} – ${figures.kappaHigh.toFixed(2)})` : "";
  return `${a.kappa.toFixed(2)}${interval}`;
}
