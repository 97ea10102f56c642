/** The first page: home, except for a REVIEWER key, which may use only the review workbench. */
import { Navigate } from "react-router";
import { useQuery } from "urql";
import { Loading } from "../../components/Loading";
import { MeQuery } from "../../graphql/meQuery";
import { HomePage } from "./HomePage";

export function RoleHome() {
  const [me] = useQuery({ query: MeQuery });
  if (me.fetching && !me.data) return <Loading />;
  if (me.data?.me.role === "REVIEWER") return <Navigate to="/review" replace />;
  return <HomePage />;
}
