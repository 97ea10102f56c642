/** A local incoming-webhook endpoint (Node http) that records every POST and answers like Feishu. */
import { createServer, type Server } from "node:http";

export interface ReceivedMessage {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export class WebhookReceiver {
  readonly messages: ReceivedMessage[] = [];

  private constructor(private readonly server: Server, readonly port: number) {}

  static async start(): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | null = null;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // kept as text: the test then fails on its shape
        }
        receiver?.messages.push({ path: request.url ?? "", headers: request.headers, body });
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: 0, msg: "success" }));
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const address = server.address();
    receiver = new WebhookReceiver(server, typeof address === "object" && address ? address.port : 0);
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}
