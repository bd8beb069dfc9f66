import type { AttestationView } from '@lending/contracts';
import { useAccount } from '@lending/platform';
import { queryClient, useServerQuery } from '@lending/platform/query';

import { attestationApi, attestationKey } from './attestation-api';

/** The attestation of the applicant's newest agreement. */
export function useAttestation() {
  const userId = useAccount().user?.id ?? '';
  return useServerQuery({
    queryKey: attestationKey(userId),
    queryFn: () => attestationApi.mine(),
    enabled: userId !== '',
  });
}

/** Keeps what the server answered after a change, so the screen shows it without a refetch. */
export function useKeepAttestation() {
  const userId = useAccount().user?.id ?? '';
  return (view: AttestationView) => queryClient.setQueryData(attestationKey(userId), view);
}
