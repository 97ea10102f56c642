/** Whether the signed-in key may review (the shell already asked `me`; this reads the same answer). */
import { useQuery } from "urql";
import { MeQuery } from "../../graphql/meQuery";
import { canReview } from "./review";

export function useCanReview(): boolean {
  const [me] = useQuery({ query: MeQuery });
  return canReview(me.data?.me.role);
}
