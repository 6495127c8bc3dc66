/** `DELETE /v1/account/sessions`: signs out everywhere, this browser included. */
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { forgetSession } from '../../../lib/session';

export function useEndAllSessions() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => { unwrap(await api.DELETE('/v1/account/sessions')); },
    onSuccess: () => {
      forgetSession();
      void navigate('/sign-in');
    },
  });
}
