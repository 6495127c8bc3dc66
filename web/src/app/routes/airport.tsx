/** `/airports/{iata}`: one airport (its name is the page's heading). */
import { useParams } from 'react-router';
import { AirportDetail } from '../../features/airports/components/airport-detail';

export function Component() {
  const { iata = '' } = useParams();
  return <AirportDetail key={iata} iata={iata.toUpperCase()} />;
}
