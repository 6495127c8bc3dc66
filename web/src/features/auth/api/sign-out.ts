/** `POST /v1/auth/sign-out`: ends this browser's session; the app forgets everything it cached. */
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, setCsrfToken } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { queryClient } from '../../../lib/query-client';
import { sessionQueryKey } from './get-session';

export function useSignOut() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => { unwrap(await api.POST('/v1/auth/sign-out')); },
    onSettled: () => {
      setCsrfToken(null);
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, { authenticated: false });
      void navigate('/sign-in');
    },
  });
}
