import { useState } from "react";

/** The latest data a query returned, kept while a later refetch fails (e.g. a server restart). */
export function useLastData<T>(data: T | undefined): T | undefined {
  const [last, setLast] = useState<T | undefined>(data);
  if (data !== undefined && data !== last) setLast(data);
  return data ?? last;
}
