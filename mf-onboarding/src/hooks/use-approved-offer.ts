import type { AgreementPage, AgreementView, Application } from '@lending/contracts';
import { OFFER_PATHS } from '@lending/contracts';
import { api } from '@lending/platform';
import { queryKeys, useServerQuery } from '@lending/platform/query';

/** Under `application`: the person's own data, dropped at sign-out, read again on a change. */
export const approvedOfferKey = (applicationId: string) =>
  [...queryKeys.application.all(), 'approvedOffer', applicationId] as const;

/** The offer an application became, read from the agreements the person holds: the newest one
 *  of this application that is still standing. */
export async function readApprovedOffer(applicationId: string): Promise<AgreementView | null> {
  const { data: page } = await api.core.get<AgreementPage>(OFFER_PATHS.mine, {
    params: { page: 1, pageSize: 50 },
  });
  const ofApplication = page.data.filter((item) => item.applicationId === applicationId);
  const standing = ofApplication.find((item) => item.status !== 'CANCELLED') ?? ofApplication[0];
  if (!standing) return null;
  return (await api.core.get<AgreementView>(OFFER_PATHS.agreement(standing.id))).data;
}

/** The approved terms of an application once the lender has approved it; null before (the
 *  screens then show the simulation, labelled as an estimate). */
export function useApprovedOffer(application: Pick<Application, 'id' | 'status'> | null): {
  offer: AgreementView | null;
  loading: boolean;
} {
  const approved = application?.status === 'APPROVED';
  const query = useServerQuery({
    queryKey: approvedOfferKey(application?.id ?? ''),
    queryFn: () => readApprovedOffer(application?.id ?? ''),
    enabled: approved,
  });
  return {
    offer: approved ? (query.data ?? null) : null,
    loading: approved && query.isPending,
  };
}
