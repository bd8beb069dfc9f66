// The sandbox provider's hosted capture page: small, self-contained, for a phone. Works without
// script; the one nonce'd script only shows that the upload is under way.

type Language = 'EN' | 'MS';

const TEXT = {
  EN: {
    title: 'Identity verification',
    intro:
      'Take clear photos in good light, without glare, with the whole card inside the frame. For the selfie, remove glasses and hats and face the camera.',
    consentHeading: 'Your consent',
    consent:
      'I consent to the collection and processing of my identity card images and my selfie (biometric data) to verify my identity for this loan application, under the Personal Data Protection Act 2010.',
    front: 'Identity card, front',
    back: 'Identity card, back',
    selfie: 'Selfie',
    number: 'Identity card number, as printed on the card',
    numberHint: 'As printed, e.g. 900101-14-5678, or your passport number',
    submit: 'Submit verification',
    uploading: 'Uploading your photos, please keep this page open...',
    passed:
      'Verification submitted. Return to your computer and confirm that you have completed verification.',
    failedHeading: 'Verification failed',
    failedNext:
      'Go back to your computer and press Start again for a new link, then use the identity card whose number you gave in your application.',
    // The server's message names re-registering, which no one can do: say what helps instead.
    mismatch: 'This identity card does not match the one in your application.',
    unknown: 'This verification link is not valid.',
    used: 'This verification link has already been used. Start again from the identity verification page.',
    expired: 'This verification link has expired. Start again from the identity verification page.',
    errors: {
      consent: 'Please give your consent to continue',
      number: 'Please enter your identity card number',
      missingImage: 'Please add a photo for: ',
      imageType: 'Photos must be JPEG, PNG, WEBP or HEIC images: ',
      tooLarge: 'Each photo may be at most 8 MB',
    },
    sandbox: 'Sandbox verification provider: no real identity check is made.',
  },
  MS: {
    title: 'Pengesahan identiti',
    intro:
      'Ambil gambar yang jelas dalam cahaya yang baik, tanpa silauan, dengan seluruh kad di dalam bingkai. Untuk swafoto, tanggalkan cermin mata dan topi serta hadap kamera.',
    consentHeading: 'Persetujuan anda',
    consent:
      'Saya bersetuju dengan pengumpulan dan pemprosesan imej kad pengenalan dan swafoto saya (data biometrik) untuk mengesahkan identiti saya bagi permohonan pinjaman ini, di bawah Akta Perlindungan Data Peribadi 2010.',
    front: 'Kad pengenalan, depan',
    back: 'Kad pengenalan, belakang',
    selfie: 'Swafoto',
    number: 'Nombor kad pengenalan, seperti yang tercetak pada kad',
    numberHint: 'Seperti yang tercetak, cth. 900101-14-5678, atau nombor pasport anda',
    submit: 'Hantar pengesahan',
    uploading: 'Gambar anda sedang dimuat naik, sila kekalkan halaman ini...',
    passed:
      'Pengesahan telah dihantar. Kembali ke komputer anda dan sahkan bahawa anda telah melengkapkan pengesahan.',
    failedHeading: 'Pengesahan gagal',
    failedNext:
      'Kembali ke komputer anda dan tekan Mula semula untuk mendapatkan pautan baharu, kemudian gunakan kad pengenalan yang nombornya anda berikan dalam permohonan.',
    mismatch: 'Kad pengenalan ini tidak sepadan dengan kad dalam permohonan anda.',
    unknown: 'Pautan pengesahan ini tidak sah.',
    used: 'Pautan pengesahan ini telah digunakan. Mulakan semula dari halaman pengesahan identiti.',
    expired:
      'Pautan pengesahan ini telah tamat tempoh. Mulakan semula dari halaman pengesahan identiti.',
    errors: {
      consent: 'Sila berikan persetujuan anda untuk meneruskan',
      number: 'Sila masukkan nombor kad pengenalan anda',
      missingImage: 'Sila tambah gambar untuk: ',
      imageType: 'Gambar mestilah imej JPEG, PNG, WEBP atau HEIC: ',
      tooLarge: 'Setiap gambar tidak boleh melebihi 8 MB',
    },
    sandbox: 'Penyedia pengesahan kotak pasir: tiada semakan identiti sebenar dibuat.',
  },
} as const;

/**
 * A guarantor follows their signing link, usually on a phone, and opened this page from it in a
 * new tab: there is no computer to go back to and no application form of theirs. What they do
 * next is close this page and go back to the signing page.
 */
const GUARANTOR_TEXT: Record<Language, Partial<Record<keyof (typeof TEXT)['EN'], string>>> = {
  EN: {
    passed:
      'Verification submitted. Close this page and go back to your signing page (the tab you came from): it shows the result by itself, then you can read and sign your deed of guarantee.',
    failedNext:
      'Close this page and go back to your signing page (the tab you came from). Press Try again there for a new verification link, and use your own MyKad: the identity card of the person this signing link was sent to.',
    mismatch: 'This identity card is not the one of the person this signing link was sent to.',
    used: 'This verification link has already been used. Go back to your signing page to see the result, or press Try again there for a new link.',
    expired:
      'This verification link has expired. Go back to your signing page and start the verification again for a new link.',
  },
  MS: {
    passed:
      'Pengesahan telah dihantar. Tutup halaman ini dan kembali ke halaman tandatangan anda (tab yang anda buka sebelum ini): keputusannya dipaparkan dengan sendirinya, kemudian anda boleh membaca dan menandatangani surat jaminan anda.',
    failedNext:
      'Tutup halaman ini dan kembali ke halaman tandatangan anda (tab yang anda buka sebelum ini). Tekan Cuba lagi di sana untuk mendapatkan pautan pengesahan baharu, dan gunakan MyKad anda sendiri: kad pengenalan orang yang menerima pautan tandatangan ini.',
    mismatch: 'Kad pengenalan ini bukan milik orang yang menerima pautan tandatangan ini.',
    used: 'Pautan pengesahan ini telah digunakan. Kembali ke halaman tandatangan anda untuk melihat keputusannya, atau tekan Cuba lagi di sana untuk pautan baharu.',
    expired:
      'Pautan pengesahan ini telah tamat tempoh. Kembali ke halaman tandatangan anda dan mulakan pengesahan semula untuk pautan baharu.',
  },
};

export type CaptureText = (typeof TEXT)[Language];
/** Who reads the page: its language, and whether an applicant or a guarantor. */
export interface CaptureReader {
  language: Language;
  audience: 'APPLICANT' | 'GUARANTOR';
}

export const captureText = (
  language: Language,
  audience: CaptureReader['audience'] = 'APPLICANT',
): CaptureText =>
  (audience === 'GUARANTOR'
    ? { ...TEXT[language], ...GUARANTOR_TEXT[language] }
    : TEXT[language]) as CaptureText;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function shell(language: Language, nonce: string, body: string): string {
  const text = captureText(language);
  return `<!doctype html>
<html lang="${language === 'MS' ? 'ms' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escape(text.title)}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0 auto;max-width:32rem;padding:1rem;color:#1a202c;line-height:1.45}
h1{font-size:1.4rem}fieldset{border:1px solid #cbd5e0;border-radius:8px;margin:0 0 1rem;padding:0.75rem}
label{display:block;font-weight:600;margin:0.75rem 0 0.25rem}input[type=text]{width:100%;box-sizing:border-box;font-size:1rem;padding:0.6rem;border:1px solid #718096;border-radius:6px}
input[type=file]{width:100%;font-size:1rem}.consent{display:flex;gap:0.5rem;font-weight:400}.consent input{width:1.4rem;height:1.4rem;flex:none}
button{width:100%;font-size:1.1rem;padding:0.8rem;border:0;border-radius:8px;background:#0500bb;color:#fff;margin-top:0.5rem}
button[disabled]{opacity:0.6}.error{background:#fff5f5;border:1px solid #c53030;color:#822727;border-radius:6px;padding:0.6rem}
.ok{background:#f0fff4;border:1px solid #2f855a;color:#22543d;border-radius:6px;padding:0.6rem}.hint{color:#4a5568;font-size:0.9rem;margin:0.2rem 0}
.note{color:#4a5568;font-size:0.8rem;margin-top:1.5rem}</style></head>
<body><h1>${escape(text.title)}</h1>
${body}
<p class="note">${escape(text.sandbox)}</p>
</body></html>`;
}

export function captureFormPage(
  language: Language,
  nonce: string,
  action: string,
  errors: string[] = [],
): string {
  const text = captureText(language);
  const errorBlock = errors.length
    ? `<div class="error" role="alert" id="form-errors"><ul>${errors.map((e) => `<li>${escape(e)}</li>`).join('')}</ul></div>`
    : '';
  const file = (name: string, label: string, capture: 'environment' | 'user') =>
    `<label for="${name}">${escape(label)}</label>
<input id="${name}" name="${name}" type="file" accept="image/*" capture="${capture}" required>`;
  return shell(
    language,
    nonce,
    `<p>${escape(text.intro)}</p>
${errorBlock}
<form method="post" action="${escape(action)}" enctype="multipart/form-data" id="capture-form"${errors.length ? ' aria-describedby="form-errors"' : ''}>
<fieldset><legend>${escape(text.consentHeading)}</legend>
<label class="consent"><input type="checkbox" name="consent" value="yes" required> <span>${escape(text.consent)}</span></label>
</fieldset>
${file('idFront', text.front, 'environment')}
${file('idBack', text.back, 'environment')}
${file('selfie', text.selfie, 'user')}
<label for="identityCardNo">${escape(text.number)}</label>
<p class="hint" id="identityCardNo-hint">${escape(text.numberHint)}</p>
<input id="identityCardNo" name="identityCardNo" type="text" inputmode="text" autocomplete="off" maxlength="20" required aria-describedby="identityCardNo-hint">
<p id="uploading" role="status" aria-live="polite"></p>
<button type="submit" id="submit">${escape(text.submit)}</button>
</form>
<script nonce="${nonce}">
document.getElementById('capture-form').addEventListener('submit', function () {
  document.getElementById('submit').disabled = true;
  document.getElementById('uploading').textContent = ${JSON.stringify(text.uploading)};
});
</script>`,
  );
}

export function captureDonePage(
  reader: CaptureReader,
  nonce: string,
  verdict: 'PASSED' | 'FAILED',
): string {
  const text = captureText(reader.language, reader.audience);
  return shell(
    reader.language,
    nonce,
    verdict === 'PASSED'
      ? `<p class="ok" role="status">${escape(text.passed)}</p>`
      : `<h2>${escape(text.failedHeading)}</h2><p class="error" role="alert">${escape(text.mismatch)}</p><p>${escape(text.failedNext)}</p>`,
  );
}

export function captureLinkPage(
  reader: CaptureReader,
  nonce: string,
  reason: 'unknown' | 'used' | 'expired',
): string {
  return shell(
    reader.language,
    nonce,
    `<p class="error" role="alert">${escape(captureText(reader.language, reader.audience)[reason])}</p>`,
  );
}
