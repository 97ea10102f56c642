/** Holds the API key, the clients built for it, and the websocket's state for the pages. */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { Provider as UrqlProvider } from "urql";
import { clientsFor, type ApiClients } from "./client";
import { forgetKey, readKey, storeKey } from "./key";

export type SocketState = "idle" | "connected" | "reconnecting";

interface ApiState {
  apiKey: string | null;
  setApiKey(input: string): void;
  clearApiKey(): void;
  clients: ApiClients;
  socket: SocketState;
}

const ApiContext = createContext<ApiState | null>(null);

export function ApiProvider({ children }: { children: ReactNode }) {
  const [apiKey, setKey] = useState<string | null>(() => readKey(window.localStorage));
  const clients = useMemo(() => clientsFor(apiKey), [apiKey]);
  const [socket, setSocket] = useState<SocketState>("idle");

  useEffect(() => {
    const stop = clients.onSocket((state) => setSocket(state === "connected" ? "connected" : "reconnecting"));
    return () => {
      stop();
      clients.dispose();
    };
  }, [clients]);

  const value = useMemo<ApiState>(() => ({
    apiKey,
    setApiKey: (input) => setKey(storeKey(window.localStorage, input)),
    clearApiKey: () => {
      forgetKey(window.localStorage);
      setKey(null);
    },
    clients,
    socket,
  }), [apiKey, clients, socket]);

  return (
    <ApiContext.Provider value={value}>
      <UrqlProvider value={clients.urql}>{children}</UrqlProvider>
    </ApiContext.Provider>
  );
}

export function useApi(): ApiState {
  const state = useContext(ApiContext);
  if (!state) throw new Error("useApi outside ApiProvider");
  return state;
}
