/** A plan's time slots ("2-4h") placed on the eval's time window, as percentages. */
export interface PlacedSlot {
  index: number;
  label: string;
  sessions: number;
  leftPercent: number;
  widthPercent: number;
}

const SLOT = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*h\s*$/i;

export function placeSlots(slots: readonly { timeSlot: string; sessions: number }[], windowHours: number): PlacedSlot[] {
  const span = Math.max(windowHours, ...slots.map((s) => Number(SLOT.exec(s.timeSlot)?.[2] ?? 0)), 1);
  return slots.flatMap((slot, index) => {
    const match = SLOT.exec(slot.timeSlot);
    if (!match) return [];
    const start = Number(match[1]);
    const end = Math.max(Number(match[2]), start);
    return [{
      index, label: slot.timeSlot, sessions: slot.sessions,
      leftPercent: (start / span) * 100, widthPercent: Math.max(((end - start) / span) * 100, 1),
    }];
  });
}
