/** `/airports`: find an airport. */
import { PageTitle } from '../../components/page-title';
import { AirportsBrowser } from '../../features/airports/components/airports-browser';

export function Component() {
  return (
    <>
      <PageTitle>Airports</PageTitle>
      <AirportsBrowser />
    </>
  );
}
