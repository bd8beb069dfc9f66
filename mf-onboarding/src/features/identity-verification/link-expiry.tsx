import { malaysiaClockTime } from '@lending/domain';
import { useT } from '@lending/platform';
import { Text } from '@lending/ui';

/** When the capture link stops working, in the lender's time (the device may be set to any
 *  zone, and the phone that opens the link to another one than the computer). */
export function LinkExpiry({ expiresAt }: { expiresAt: string }) {
  const { t } = useT('onboarding-identity');
  return (
    <Text fontSize="sm" color="gray.600">
      {t('qr.expires', { time: malaysiaClockTime(new Date(expiresAt)) })}
    </Text>
  );
}
