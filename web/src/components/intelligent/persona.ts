/** A plan's or session's persona (free JSON from the driver) as the name people read. */
export function personaName(persona: unknown): string {
  if (persona && typeof persona === "object" && !Array.isArray(persona) && "name" in persona) {
    const name = (persona as { name: unknown }).name;
    if (typeof name === "string") return name;
  }
  return JSON.stringify(persona);
}
