/** `GET /v1/calendar`: industry events by start date; upcoming only unless `past` (then past events too). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useCalendar(past: boolean) {
  return useQuery({
    queryKey: ['calendar', past],
    queryFn: async () => unwrap(await api.GET('/v1/calendar', { params: { query: { upcoming: !past, limit: 200 } } })).events,
  });
}
