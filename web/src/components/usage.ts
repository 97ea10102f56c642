/** Model usage and cost as text: calls, tokens, and the estimated cost in its currency. */

export interface UsageData {
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
  estimatedCost?: number | null;
  currency?: string | null;
}

/** What to say about the cost: a price, no model calls at all, or no price for a model used. */
export type CostText =
  | { kind: "cost"; text: string }
  | { kind: "free" }
  | { kind: "noPrice" };

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Token and call counts with the locale's grouping (12,345 / 12,345). */
export function formatCount(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * An amount in its currency. Model calls often cost fractions of a cent, so small amounts
 * keep up to four decimals (rather than showing "$0.00" for a real, non-zero cost).
 */
export function formatCost(amount: number, currency: string | null | undefined, locale: string): string {
  const decimals = amount !== 0 && Math.abs(amount) < 1 ? 4 : 2;
  const options = { minimumFractionDigits: 2, maximumFractionDigits: decimals };
  const code = currency?.trim().toUpperCase();
  if (code && /^[A-Z]{3}$/.test(code)) {
    try {
      return new Intl.NumberFormat(locale, { ...options, style: "currency", currency: code }).format(amount);
    } catch {
      // Not a currency Intl knows: fall through to the number and the code as written.
    }
  }
  const number = new Intl.NumberFormat(locale, options).format(amount);
  return currency?.trim() ? `${number} ${currency.trim()}` : number;
}

/**
 * The cost line of a usage. The server leaves estimatedCost null when a model used has no
 * price (a partial sum would understate the bill), and answers 0 with no currency when no
 * model was called at all.
 */
export function costText(usage: UsageData, locale: string): CostText {
  const cost = usage.estimatedCost;
  if (cost === null || cost === undefined) return { kind: "noPrice" };
  if (cost === 0 && !usage.currency) return { kind: "free" };
  return { kind: "cost", text: formatCost(cost, usage.currency, locale) };
}

export function totalTokens(usage: UsageData): number {
  return usage.promptTokens + usage.completionTokens;
}
