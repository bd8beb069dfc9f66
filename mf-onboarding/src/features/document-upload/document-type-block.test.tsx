import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { RequiredFile, UploadedFile } from '@lending/contracts';
import { brandStore, registerTranslations, session, setLanguage } from '@lending/platform';
import { installFakeApi } from '@lending/platform/src/testing/fake-api';
import { PlatformRoot } from '@lending/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import en from '../../locales/en/onboarding-documents.json';
import ms from '../../locales/ms/onboarding-documents.json';
import { DocumentTypeBlock } from './document-type-block';

brandStore.set(arkcash);
registerTranslations('onboarding-documents', { en, ms });

const MB = 1024 * 1024;

const statement: RequiredFile = {
  fileType: 'BANK_STATEMENT',
  isRequired: true,
  requiredFileCount: 1,
  maxFileCount: 1,
  displayOrder: 5,
  acceptedTypes: ['application/pdf'],
  maxBytes: 10 * MB,
  name: 'Bank statement',
  nameMs: 'Penyata bank',
  description: 'One document covering the latest 3 or 6 months',
  descriptionMs: 'Satu dokumen bagi 3 atau 6 bulan terkini',
};

const pictures: RequiredFile = {
  ...statement,
  fileType: 'PREMISE_PICTURE',
  requiredFileCount: 5,
  maxFileCount: 10,
  acceptedTypes: ['image/png', 'image/jpeg'],
  maxBytes: 5 * MB,
  name: 'Business premise pictures',
  nameMs: 'Gambar premis perniagaan',
};

function stored(
  n: number,
  fileType: UploadedFile['fileType'],
  name = `file-${n}.png`,
): UploadedFile {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    applicationId: '00000000-0000-4000-8000-000000000100',
    fileType,
    originalFileName: name,
    mimeType: 'image/png',
    sizeBytes: 1000 + n,
    sha256: String(n).repeat(64).slice(0, 64),
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

/** A file of a given size without allocating it: the checks read only name, type and size. */
function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderBlock(
  rule: RequiredFile,
  uploaded: UploadedFile[] = [],
  readFile: (fileId: string) => Promise<Blob> = () => Promise.reject(new Error('not read here')),
) {
  const onUpload = jest.fn();
  render(
    <PlatformRoot>
      <DocumentTypeBlock
        rule={rule}
        uploaded={uploaded}
        inFlight={[]}
        showMissing={false}
        onUpload={onUpload}
        onRemove={jest.fn()}
        onDismiss={jest.fn()}
        readFile={readFile}
      />
    </PlatformRoot>,
  );
  return { onUpload };
}

describe('the document picker checks files in the browser first', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows the rule of the type and uploads an accepted statement', async () => {
    const { onUpload } = renderBlock(statement);
    // One file is "file", several are "files".
    expect(screen.getByText(/^Exactly 1 file · PDF only, max 10MB each/)).toBeTruthy();
    await userEvent.upload(
      screen.getByLabelText('Add files: Bank statement'),
      fileOf('march.pdf', 'application/pdf', 2 * MB),
    );
    await waitFor(() => expect(onUpload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a statement that is not a PDF', async () => {
    const { onUpload } = renderBlock(statement);
    const input = screen.getByLabelText('Add files: Bank statement');
    // The input's accept list would hide it in a dialog; a drop or a forced pick still arrives.
    await userEvent.upload(input, fileOf('scan.png', 'image/png', MB), { applyAccept: false });
    expect(await screen.findByText('scan.png: Only PDF files are accepted')).toBeTruthy();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('refuses a statement over 10 MB', async () => {
    const { onUpload } = renderBlock(statement);
    await userEvent.upload(
      screen.getByLabelText('Add files: Bank statement'),
      fileOf('big.pdf', 'application/pdf', 10 * MB + 1),
    );
    expect(await screen.findByText('big.pdf: File must be smaller than 10MB')).toBeTruthy();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('refuses a file already uploaded', async () => {
    const { onUpload } = renderBlock(pictures, [stored(1, 'PREMISE_PICTURE', 'front.png')]);
    const same = fileOf('front.png', 'image/png', 1001);
    await userEvent.upload(screen.getByLabelText('Add files: Business premise pictures'), same);
    expect(await screen.findByText('front.png: This file has already been uploaded')).toBeTruthy();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('takes pictures only up to the largest count, naming the ones refused', async () => {
    const nine = Array.from({ length: 9 }, (_, n) => stored(n, 'PREMISE_PICTURE'));
    const { onUpload } = renderBlock(pictures, nine);
    expect(screen.getByText('Complete')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Add files: Business premise pictures'), [
      fileOf('tenth.jpg', 'image/jpeg', MB),
      fileOf('eleventh.jpg', 'image/jpeg', MB),
    ]);
    expect(await screen.findByText('eleventh.jpg: You can upload at most 10 files')).toBeTruthy();
    expect(onUpload).toHaveBeenCalledTimes(1);
  });

  it('shows a type as incomplete until its count is reached', () => {
    renderBlock(pictures, [stored(1, 'PREMISE_PICTURE'), stored(2, 'PREMISE_PICTURE')]);
    expect(screen.getByText('2 of 5 uploaded')).toBeTruthy();
    expect(screen.getByText(/^At least 5 files, up to 10 · PNG, JPEG only/)).toBeTruthy();
  });

  it('lists the files of a type in the order they were uploaded', () => {
    const later = {
      ...stored(1, 'PREMISE_PICTURE', 'second.png'),
      createdAt: '2026-11-02T00:00:00.000Z',
    };
    const earlier = {
      ...stored(2, 'PREMISE_PICTURE', 'first.png'),
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    renderBlock(pictures, [later, earlier]);
    const names = screen.getAllByRole('button').map((link) => link.textContent);
    expect(names.indexOf('first.png')).toBeLessThan(names.indexOf('second.png'));
  });

  it('clears what it refused once a later pick is accepted', async () => {
    renderBlock(statement);
    const picker = screen.getByLabelText('Add files: Bank statement');
    await userEvent.upload(picker, fileOf('big.pdf', 'application/pdf', 11 * MB));
    expect(await screen.findByText('big.pdf: File must be smaller than 10MB')).toBeTruthy();
    await userEvent.upload(picker, fileOf('ok.pdf', 'application/pdf', 1 * MB));
    await waitFor(() => expect(screen.queryByText(/big\.pdf:/)).toBeNull());
  });

  it('speaks Bahasa Melayu', async () => {
    setLanguage('MS');
    renderBlock(statement);
    await userEvent.upload(
      screen.getByLabelText('Tambah fail: Penyata bank'),
      fileOf('besar.pdf', 'application/pdf', 11 * MB),
    );
    expect(
      await screen.findByText('besar.pdf: Saiz fail mestilah kurang daripada 10MB'),
    ).toBeTruthy();
  });
});

describe('a stored file can be looked at before going on', () => {
  // jsdom keeps no blob store: stand in for the browser's object addresses.
  const made: Blob[] = [];
  beforeAll(() => {
    URL.createObjectURL = (blob: Blob) => {
      made.push(blob);
      return `blob:documents/${made.length}`;
    };
    URL.revokeObjectURL = () => undefined;
  });
  beforeEach(() => setLanguage('EN'));

  it('shows a picture in the page, opened and closed from the keyboard', async () => {
    const front = stored(1, 'PREMISE_PICTURE', 'front.png');
    const read: string[] = [];
    renderBlock(pictures, [front], async (fileId) => {
      read.push(fileId);
      return new Blob(['png bytes'], { type: 'image/png' });
    });
    const open = screen.getByRole('button', { name: 'Preview front.png' });
    open.focus();
    await userEvent.keyboard('{Enter}');

    const picture = await screen.findByRole('img', { name: 'Preview of front.png' });
    expect(picture.getAttribute('src')).toMatch(/^blob:/);
    expect(read).toEqual([front.id]);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Preview of front.png' }),
    );
    expect(open.getAttribute('aria-expanded')).toBe('true');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('file-preview')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('downloads a stored file by a link made for it, never with the access token in an address', async () => {
    const march: UploadedFile = {
      ...stored(4, 'BANK_STATEMENT', 'march.pdf'),
      mimeType: 'application/pdf',
    };
    session.setApplicantTokens({ accessToken: 'the.access.token', refreshToken: 'refresh' });
    const url = `/api/file/${march.id}?link=made-for-march`;
    const api = installFakeApi(() => ({ status: 200, body: { url, expiresAt: '' } }));
    const followed: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      followed.push(this.getAttribute('href') ?? '');
    });
    try {
      renderBlock(statement, [march]);
      await userEvent.click(screen.getByRole('button', { name: 'march.pdf' }));
      await waitFor(() => expect(followed).toEqual([url]));
      expect(api.requests).toMatchObject([
        {
          method: 'POST',
          url: `/api/file/${march.id}/link`,
          headers: { authorization: 'Bearer the.access.token' },
        },
      ]);
      for (const address of [...api.requests.map((r) => r.url), ...followed])
        expect(address).not.toContain('the.access.token');
    } finally {
      click.mockRestore();
      api.restore();
      session.clear();
    }
  });

  it('opens a PDF in a new tab, from memory', async () => {
    const march: UploadedFile = {
      ...stored(2, 'BANK_STATEMENT', 'march.pdf'),
      mimeType: 'application/pdf',
    };
    renderBlock(
      statement,
      [march],
      async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview march.pdf' }));
    const link = await screen.findByRole('link', { name: 'Open march.pdf in a new tab' });
    expect(link.getAttribute('href')).toMatch(/^blob:/);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('img')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByTestId('file-preview')).toBeNull();
  });

  it('says when the file could not be read, and tries again', async () => {
    let attempts = 0;
    renderBlock(pictures, [stored(3, 'PREMISE_PICTURE', 'side.png')], async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Network Error');
      return new Blob(['png'], { type: 'image/png' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Preview side.png' }));
    expect(await screen.findByText('The file could not be opened')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'Preview of side.png' })).toBeTruthy();
  });

  it('speaks Bahasa Melayu', async () => {
    setLanguage('MS');
    renderBlock(
      pictures,
      [stored(4, 'PREMISE_PICTURE', 'depan.png')],
      async () => new Blob(['png']),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pratonton depan.png' }));
    expect(await screen.findByRole('button', { name: 'Tutup pratonton' })).toBeTruthy();
  });
});
