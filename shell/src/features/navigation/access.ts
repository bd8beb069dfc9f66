import { session } from '@lending/platform';

/** Who the visitor is, as far as route guards are concerned. */
export function currentAccess(): { applicant: boolean; staff: boolean } {
  const current = session.current;
  return { applicant: current.accessToken !== null, staff: current.staffAccessToken !== null };
}
