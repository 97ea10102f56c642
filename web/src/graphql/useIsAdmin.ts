/** Whether the key in use is an ADMIN key (for controls only ADMIN may use; the server checks too). */
import { useQuery } from "urql";
import { MeQuery } from "./meQuery";

export function useIsAdmin(): boolean {
  const [me] = useQuery({ query: MeQuery });
  return me.data?.me.role === "ADMIN";
}
