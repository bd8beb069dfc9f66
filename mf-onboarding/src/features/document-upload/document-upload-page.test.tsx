import '@lending/ui/src/testing/jsdom';

import type { RequiredFile, UploadedFile } from '@lending/contracts';
import { registerTranslations, setLanguage } from '@lending/platform';
import { queryClient, queryKeys } from '@lending/platform/query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import en from '../../locales/en/onboarding-documents.json';
import ms from '../../locales/ms/onboarding-documents.json';
import { draftApplication, renderInPlatform } from '../../testing/test-harness';
import { Documents } from './document-upload-page';

const MB = 1024 * 1024;
const application = draftApplication({ organizationType: 'SOLE_PROP' });

const statement: RequiredFile = {
  fileType: 'BANK_STATEMENT',
  isRequired: true,
  requiredFileCount: 1,
  maxFileCount: 1,
  displayOrder: 1,
  acceptedTypes: ['application/pdf'],
  maxBytes: 10 * MB,
  name: 'Bank statement',
  nameMs: 'Penyata bank',
  description: 'The latest 6 months',
  descriptionMs: '6 bulan terkini',
};

const pictures: RequiredFile = {
  ...statement,
  fileType: 'PREMISE_PICTURE',
  requiredFileCount: 3,
  maxFileCount: 10,
  displayOrder: 2,
  acceptedTypes: ['image/png', 'image/jpeg'],
  name: 'Business premise pictures',
  nameMs: 'Gambar premis perniagaan',
};

function stored(n: number, fileType: UploadedFile['fileType']): UploadedFile {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    applicationId: application.id,
    fileType,
    originalFileName: `file-${n}.${fileType === 'BANK_STATEMENT' ? 'pdf' : 'png'}`,
    mimeType: fileType === 'BANK_STATEMENT' ? 'application/pdf' : 'image/png',
    sizeBytes: 1000 + n,
    sha256: String(n).repeat(64),
    createdAt: `2026-11-0${n}T00:00:00.000Z`,
  };
}

/** The server's answers, as the page's cache holds them once read. */
function serverHas(uploaded: UploadedFile[]) {
  queryClient.setQueryData(queryKeys.master.requiredFiles('SOLE_PROP'), [statement, pictures]);
  queryClient.setQueryData(queryKeys.files.ofApplication(application.id), uploaded);
}

const continueButton = () => screen.getByTestId('documents-continue');

beforeEach(() => {
  registerTranslations('onboarding-documents', { en, ms });
  setLanguage('EN');
  queryClient.setQueryDefaults(['master'], { staleTime: Infinity });
  queryClient.setQueryDefaults(['files'], { staleTime: Infinity });
  window.history.replaceState(null, '', '/application/document-upload');
});
afterEach(() => {
  queryClient.setQueryDefaults(['master'], { staleTime: 0 });
  queryClient.setQueryDefaults(['files'], { staleTime: 0 });
  queryClient.clear();
});

describe("the documents page's Continue", () => {
  it('says which documents are still short, and does not go on', async () => {
    serverHas([stored(1, 'PREMISE_PICTURE')]);
    renderInPlatform(<Documents application={application} />);
    const button = continueButton();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'To continue, upload: Bank statement (1 more file); Business premise pictures (2 more files).',
    );
    // Reachable by keyboard, so the reason is heard; pressing it goes nowhere.
    button.focus();
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{Enter}');
    expect(window.location.pathname).toBe('/application/document-upload');
  });

  it('goes on to the summary once every required document is there', async () => {
    serverHas([
      stored(1, 'BANK_STATEMENT'),
      stored(2, 'PREMISE_PICTURE'),
      stored(3, 'PREMISE_PICTURE'),
      stored(4, 'PREMISE_PICTURE'),
    ]);
    renderInPlatform(<Documents application={application} />);
    const button = continueButton();
    expect(button.getAttribute('aria-disabled')).not.toBe('true');
    expect(button.getAttribute('aria-describedby')).toBeNull();
    expect(document.getElementById('documents-continue-hint')?.textContent).toBe('');
    await userEvent.click(button);
    expect(window.location.pathname).toBe('/application/summary');
  });

  it('gives the reason in Bahasa Melayu', () => {
    setLanguage('MS');
    serverHas([]);
    renderInPlatform(<Documents application={application} />);
    expect(document.getElementById('documents-continue-hint')?.textContent).toBe(
      'Untuk meneruskan, muat naik: Penyata bank (1 fail lagi); Gambar premis perniagaan (3 fail lagi).',
    );
  });
});
