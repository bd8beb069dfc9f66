import type { EmailMessage } from '../../adapters/email/port';

/** The set-password email, in English and Malay: staff accounts carry no language. */
export function setPasswordEmail(options: {
  to: string;
  name: string;
  link: string;
  purpose: 'INVITE' | 'RESET';
  hours: number;
}): EmailMessage {
  const { to, name, link, purpose, hours } = options;
  const invite = purpose === 'INVITE';
  return {
    to,
    subject: invite
      ? 'Your back-office account / Akaun pejabat belakang anda'
      : 'Choose a new password / Pilih kata laluan baharu',
    body: [
      `Hello ${name},`,
      '',
      invite
        ? 'An administrator opened a back-office account for you.'
        : 'An administrator asked for your back-office password to be reset.',
      `Open this link within ${hours} hours to choose your password. It works once.`,
      ...(invite ? ['When you first sign in, you will set up an authenticator app.'] : []),
      '',
      link,
      '',
      `Salam ${name},`,
      '',
      invite
        ? 'Pentadbir telah membuka akaun pejabat belakang untuk anda.'
        : 'Pentadbir meminta kata laluan pejabat belakang anda ditetapkan semula.',
      `Buka pautan ini dalam masa ${hours} jam untuk memilih kata laluan anda. Pautan ini berfungsi sekali sahaja.`,
      ...(invite ? ['Semasa log masuk pertama, anda akan menyediakan aplikasi pengesah.'] : []),
    ].join('\n'),
    links: [link],
  };
}
