/** A bot that answers every message with markup that would run script if shown as HTML. */
import { createServer, type Server } from "node:http";

export const EVIL_REPLY =
  'Sure! <script>window.__pwned = "script"</script><img src=x onerror="window.__pwned = \'img\'"> Your order ships tomorrow.';

/** `delayMs` slows every reply, so a browser can watch a session while it runs. */
export async function startEvilTarget(delayMs = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      setTimeout(() => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ reply: EVIL_REPLY }));
      }, delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/chat`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
