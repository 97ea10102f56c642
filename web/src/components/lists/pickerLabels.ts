/**
 * Labels for a picker where names may repeat (two scenarios imported under one name): a name
 * that is unique gets `usual`, one that repeats also gets `telling`, e.g. its import time, so
 * the options never look identical.
 */
export interface Named { id: string; name: string }

export function pickerOptions<T extends Named>(items: readonly T[], usual: (item: T) => string,
  telling: (item: T) => string): { value: string; label: string }[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.name, (counts.get(item.name) ?? 0) + 1);
  return items.map((item) => {
    const extra = [usual(item), (counts.get(item.name) ?? 0) > 1 ? telling(item) : ""].filter(Boolean).join(", ");
    return { value: item.id, label: extra ? `${item.name} (${extra})` : item.name };
  });
}
