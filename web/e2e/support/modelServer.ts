/**
 * A real local OpenAI-compatible endpoint whose model answers prose, never the JSON asked for, except to
 * the judge check's "Score this reply…" prompt, which it answers with a valid score.
 */
import { createServer, type Server } from "node:http";

export const PROSE_ANSWER = "Sure, here is my answer in plain words, without any JSON.";

export async function startProseModel(): Promise<{ baseUrl: string; calls(): number; close(): Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      calls += 1;
      let prompt = "";
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { messages?: { content?: string }[] };
        prompt = body.messages?.[0]?.content ?? "";
      } catch {
        // not JSON: answer prose
      }
      const content = prompt.startsWith("Score") ? JSON.stringify({ score: 8, rationale: "polite" }) : PROSE_ANSWER;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({
        id: `chatcmpl-${calls}`, object: "chat.completion", created: 0, model: "prose-model",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
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
