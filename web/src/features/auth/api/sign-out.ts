/** `POST /v1/auth/sign-out`: ends this browser's session; the app forgets everything it cached. */
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { forgetSession } from '../../../lib/session';

export function useSignOut() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => { unwrap(await api.POST('/v1/auth/sign-out')); },
    onSettled: () => {
      forgetSession();
      void navigate('/sign-in');
    },
  });
}
