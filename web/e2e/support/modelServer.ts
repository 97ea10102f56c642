/** A real local OpenAI-compatible endpoint whose model always answers prose, never the JSON asked for. */
import { createServer, type Server } from "node:http";

export const PROSE_ANSWER = "Sure, here is my answer in plain words, without any JSON.";

export async function startProseModel(): Promise<{ baseUrl: string; calls(): number; close(): Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      calls += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({
        id: `chatcmpl-${calls}`, object: "chat.completion", created: 0, model: "prose-model",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: PROSE_ANSWER } }],
        usage: { prompt_tokens: 10, completion_tokens: 12, total_tokens: 22 },
      }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls: () => calls,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
