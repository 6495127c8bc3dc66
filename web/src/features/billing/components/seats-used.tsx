/** Seats used (members and open invitations) of the seats the subscription bought. */
import { Text } from '@mantine/core';
import { useSubscription } from '../api/get-subscription';

export function SeatsUsed() {
  const seats = useSubscription().data?.seats;
  if (!seats) return null;
  return (
    <Text role="status" data-testid="seats" mb="lg">
      <strong>{seats.used}</strong> of <strong>{seats.bought}</strong> seats used (members and open invitations).
    </Text>
  );
}
