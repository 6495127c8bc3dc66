/** `/desk`: the desk starts at its inbox. */
import { Navigate } from 'react-router';

export function Component() {
  return <Navigate to="/desk/inbox" replace />;
}
