import { useT } from '@lending/platform';
import { CaptchaBox as SharedCaptchaBox, type CaptchaBoxProps } from '@lending/ui/forms';

/** The shared bot check, worded in the shell's own translations. */
export function CaptchaBox(props: Omit<CaptchaBoxProps, 'labels'>) {
  const { t } = useT('shell');
  return (
    <SharedCaptchaBox
      {...props}
      labels={{
        notARobot: t('captcha.notARobot'),
        checking: t('captcha.checking'),
        loading: t('captcha.loading'),
        unavailable: t('captcha.unavailable'),
      }}
    />
  );
}
