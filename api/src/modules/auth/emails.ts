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

const LOCKED = {
  EN: (firstName: string, minutes: number, resetLink: string | null) => ({
    subject: 'Your account was locked after failed sign-ins',
    lines: [
      `Hello ${firstName},`,
      '',
      `Someone tried to sign in to your account with a wrong password many times, so we have locked it for ${minutes} minutes. Nobody got in.`,
      '',
      ...(resetLink
        ? [
            'If it was you, wait and try again. If it was not, choose a new password:',
            '',
            resetLink,
          ]
        : ['If it was you, wait and try again. If it was not, tell an administrator at once.']),
    ],
  }),
  MS: (firstName: string, minutes: number, resetLink: string | null) => ({
    subject: 'Akaun anda telah dikunci selepas log masuk yang gagal',
    lines: [
      `Salam ${firstName},`,
      '',
      `Seseorang telah cuba log masuk ke akaun anda dengan kata laluan yang salah berkali-kali, jadi kami telah menguncinya selama ${minutes} minit. Tiada sesiapa yang berjaya masuk.`,
      '',
      ...(resetLink
        ? [
            'Jika itu anda, tunggu dan cuba lagi. Jika bukan, pilih kata laluan baharu:',
            '',
            resetLink,
          ]
        : [
            'Jika itu anda, tunggu dan cuba lagi. Jika bukan, maklumkan kepada pentadbir dengan segera.',
          ]),
    ],
  }),
};

/**
 * The notice to an account's owner that failed sign-ins locked it: in the language they chose,
 * or in both (Bahasa Melayu first) when the account keeps none (staff, who are sent no link: an
 * administrator sets their password).
 */
export function accountLockedEmail(options: {
  to: string;
  firstName: string;
  language: Language | null;
  minutes: number;
  resetLink: string | null;
}): EmailMessage {
  const { to, firstName, language, minutes, resetLink } = options;
  const versions = (language ? [language] : (['MS', 'EN'] as const)).map((which) =>
    LOCKED[which](firstName, minutes, resetLink),
  );
  return {
    to,
    subject: versions.map((version) => version.subject).join(' / '),
    body: versions.map((version) => version.lines.join('\n')).join('\n\n----\n\n'),
    links: resetLink ? [resetLink] : [],
  };
}
