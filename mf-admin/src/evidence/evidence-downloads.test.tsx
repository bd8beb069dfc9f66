// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import { brandStore, session, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { configure, fireEvent, render, screen } from '@testing-library/react';

import { evidenceApi } from './evidence-api';
import { EvidenceDownloads } from './evidence-downloads';

const APPLICATION_ID = 'a5b0c3d2-1111-4e5f-8a9b-000000000101';
const USER_ID = 'b6c1d4e3-2222-4f60-9bac-000000000202';

function staffToken(roles: string[]): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ aud: 'staff', sub: 'x', email: 'nurul@lender.test', roles })}.sig`;
}

function renderDownloads(roles: string[]) {
  brandStore.set(brands.arkcash);
  session.setStaffTokens({ accessToken: staffToken(roles), refreshToken: 'r' });
  return render(
    <PlatformRoot>
      <EvidenceDownloads applicationId={APPLICATION_ID} userId={USER_ID} />
    </PlatformRoot>,
  );
}

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

beforeEach(() => setLanguage('EN'));
afterEach(() => {
  jest.restoreAllMocks();
  session.clearStaff();
});

describe('the evidence downloads of the case file', () => {
  it('shows nothing to staff other than admins', () => {
    renderDownloads(['CREDIT_OFFICER', 'APPROVER']);
    expect(screen.queryByTestId('evidence-downloads')).toBeNull();
  });

  it('downloads the pack and the applicant’s data, and says when a download fails', async () => {
    const pack = jest.spyOn(evidenceApi, 'pack').mockResolvedValue({
      blob: new Blob(['PK'], { type: 'application/zip' }),
      fileName: 'evidence-AG-1-2026-03-02.zip',
    });
    const userData = jest.spyOn(evidenceApi, 'userData').mockRejectedValue({
      response: {
        status: 404,
        data: new Blob([JSON.stringify({ code: 'NOT_FOUND', message: 'User not found' })], {
          type: 'application/json',
        }),
      },
    });
    const createObjectURL = jest.fn(() => 'blob:evidence');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderDownloads(['ADMIN']);

    fireEvent.click(screen.getByRole('button', { name: 'Download the evidence pack' }));
    expect(await screen.findByText('Downloaded evidence-AG-1-2026-03-02.zip.')).toBeTruthy();
    expect(pack).toHaveBeenCalledWith(APPLICATION_ID);
    expect(click).toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Export the applicant’s personal data' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The file could not be prepared: User not found');
    expect(userData).toHaveBeenCalledWith(USER_ID);
  });

  it('words the buttons in Malay too', () => {
    setLanguage('MS');
    renderDownloads(['ADMIN']);
    expect(screen.getByRole('button', { name: 'Muat turun pek bukti' })).toBeTruthy();
  });
});
