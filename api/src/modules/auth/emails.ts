import type { Language } from '@lending/contracts';

import type { EmailMessage } from '../../adapters/email/port';

/** The reset email, in the language the person chose. */
export function resetPasswordEmail(options: {
  to: string;
  firstName: string;
  language: Language;
  link: string;
}): EmailMessage {
  const { to, firstName, language, link } = options;
  if (language === 'MS') {
    return {
      to,
      subject: 'Tetapkan semula kata laluan anda',
      body: [
        `Salam ${firstName},`,
        '',
        'Kami menerima permintaan untuk menetapkan semula kata laluan akaun anda. Buka pautan ini dalam masa 30 minit untuk memilih kata laluan baharu:',
        '',
        link,
        '',
        'Jika anda tidak membuat permintaan ini, abaikan e-mel ini; kata laluan anda tidak berubah.',
      ].join('\n'),
      links: [link],
    };
  }
  return {
    to,
    subject: 'Reset your password',
    body: [
      `Hello ${firstName},`,
      '',
      'We received a request to reset the password of your account. Open this link within 30 minutes to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this email; your password has not changed.',
    ].join('\n'),
    links: [link],
  };
}
