/** Time spent on each item while it is shown (going back and forth adds up), ticking once a second. */
import { useEffect, useState } from "react";

interface Clock { itemId: string | null; enteredAt: number; spent: Record<string, number> }

export function useItemClock(currentId: string | null) {
  const [clock, setClock] = useState<Clock>(() => ({ itemId: currentId, enteredAt: Date.now(), spent: {} }));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // The item changed: the time so far goes to the one left (state adjusted while rendering, as React advises).
  if (clock.itemId !== currentId) {
    const at = now; // the last tick: a second's precision is enough for a review's time
    const left = clock.itemId;
    setClock({ itemId: currentId, enteredAt: at,
      spent: left ? { ...clock.spent, [left]: (clock.spent[left] ?? 0) + (at - clock.enteredAt) } : clock.spent });
  }
  /** Seconds on an item, counting the current stay. */
  const secondsOn = (id: string, at: number = now): number =>
    ((clock.spent[id] ?? 0) + (id === clock.itemId ? Math.max(0, at - clock.enteredAt) : 0)) / 1000;
  return { secondsOn, now };
}
