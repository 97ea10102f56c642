/**
 * A real local OpenAI-compatible endpoint playing the simulated users of
 * examples/scenarios/simulated_users_llm.json: 老王 gives his name, phone and address in
 * turn; any other persona asks for a return once, then says it is done.
 */
import { createServer, type Server } from "node:http";

function nextTurn(system: string, conversation: string): { message: string; done: boolean; reason: string | null } {
  const said = (conversation.match(/\] customer: /g) ?? []).length;
  if (system.includes("老王")) {
    const facts = ["我叫王伟", "电话是 13800138000", "地址是朝阳区建国路 88 号"];
    return said > 0 && said <= facts.length ? { message: facts[said - 1], done: false, reason: null } : { message: "", done: true, reason: "预约成功" };
  }
  return said === 0 ? { message: "I want to return my washing machine, it leaks", done: false, reason: null }
    : { message: "", done: true, reason: "goal reached: the agent took the return request" };
}

export async function startSimulatorModel(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { messages: { content: string }[] };
      const content = JSON.stringify(nextTurn(body.messages[0]?.content ?? "", body.messages[1]?.content ?? ""));
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({
        id: "chatcmpl-sim", object: "chat.completion", created: 0, model: "sim-model",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
        usage: { prompt_tokens: 10, completion_tokens: 12, total_tokens: 22 },
      }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, close: () => new Promise((r) => server.close(() => r())) };
}
