// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { MasterEntityView, MasterFileVersion } from '@lending/contracts';
import { brandStore, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';

import { masterSetupApi, refusalOf } from './master-setup-api';
import { EntityDetails, FileProblems, MasterSetupPage } from './master-setup-page';

jest.setTimeout(30_000);
brandStore.set(arkcash);

function version(n: number, extra: Partial<MasterFileVersion> = {}): MasterFileVersion {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    entityId: 'PUBLIC_HOLIDAYS',
    version: n,
    originalFileName: `holidays-${n}.csv`,
    mimeType: 'text/csv',
    sizeBytes: 120,
    sha256: 'ab'.repeat(32),
    itemCount: 14,
    durationMs: null,
    uploadedBy: 'admin@lending.test',
    uploadedAt: '2026-03-02T01:00:00.000Z',
    activatedBy: null,
    activatedAt: null,
    ...extra,
  };
}

const ACTIVE = version(1, {
  activatedBy: 'boss@lending.test',
  activatedAt: '2026-03-03T02:00:00.000Z',
});
const VIEW: MasterEntityView = {
  entityId: 'PUBLIC_HOLIDAYS',
  active: ACTIVE,
  inEffect: true,
  versions: [version(2), ACTIVE],
};

function refusal(status: number, data: Record<string, unknown>) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    response: { status, data: { statusCode: status, error: 'Error', message: 'No', ...data } },
  });
}

const renderInAdmin = (node: React.ReactNode) => render(<PlatformRoot>{node}</PlatformRoot>);

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('a master setup entity', () => {
  beforeEach(() => setLanguage('EN'));

  it('says which version is in use, by whom, and lists every version with its actions', () => {
    renderInAdmin(<EntityDetails view={VIEW} onChanged={jest.fn()} />);
    expect(screen.getByTestId('active-PUBLIC_HOLIDAYS').textContent).toMatch(
      /In use: version 1 \(holidays-1\.csv\), activated by boss@lending\.test/,
    );
    const list = screen.getByRole('list', { name: 'Versions of Public holiday calendar' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('14 holidays')).toBeTruthy();
    // The version in use is not offered again; the other one is.
    expect(
      within(items[0]!).getByRole('button', {
        name: 'Activate version 2 of Public holiday calendar',
      }),
    ).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: /Activate/ })).toBeNull();
    expect(within(items[1]!).getByText('In use')).toBeTruthy();
    // The upload names its field and says what the file must look like.
    expect(screen.getByLabelText('File').getAttribute('accept')).toContain('.ics');
  });

  it('warns when the setting was changed elsewhere, and offers the active version again', () => {
    renderInAdmin(<EntityDetails view={{ ...VIEW, inEffect: false }} onChanged={jest.fn()} />);
    expect(screen.getByRole('note').textContent).toMatch(/changed elsewhere/);
    expect(
      screen.getByRole('button', { name: 'Activate version 1 of Public holiday calendar' }),
    ).toBeTruthy();
  });

  it('activates only after the confirmation, naming the active version it saw', async () => {
    const activated = { ...VIEW, active: version(2) };
    const activate = jest.spyOn(masterSetupApi, 'activate').mockResolvedValue(activated);
    const onChanged = jest.fn();
    renderInAdmin(<EntityDetails view={VIEW} onChanged={onChanged} />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Activate version 2 of Public holiday calendar' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(/become the public holidays of the product settings/),
    ).toBeTruthy();
    expect(activate).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByTestId('confirm-activate'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(activated));
    expect(activate).toHaveBeenCalledWith(version(2).id, ACTIVE.id);
  });

  it('tells the admin when another activation came first', async () => {
    jest
      .spyOn(masterSetupApi, 'activate')
      .mockRejectedValue(refusal(409, { code: 'MASTER_FILE_CHANGED' }));
    renderInAdmin(<EntityDetails view={VIEW} onChanged={jest.fn()} />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Activate version 2 of Public holiday calendar' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByTestId('confirm-activate'));
    expect(await within(dialog).findByText(/Another admin activated a version/)).toBeTruthy();
  });
});

describe('a document template', () => {
  beforeEach(() => setLanguage('EN'));

  const SHIPPED = version(1, {
    entityId: 'PDP_NOTICE_TEMPLATE',
    originalFileName: 'pdp-notice.txt',
    mimeType: 'text/plain; charset=utf-8',
    itemCount: 5,
    uploadedBy: null,
    activatedBy: null,
    activatedAt: '2026-03-01T00:00:00.000Z',
  });
  const TEMPLATE: MasterEntityView = {
    entityId: 'PDP_NOTICE_TEMPLATE',
    active: SHIPPED,
    inEffect: true,
    versions: [
      version(2, {
        entityId: 'PDP_NOTICE_TEMPLATE',
        originalFileName: 'pdp-notice-2026.txt',
        itemCount: 6,
      }),
      SHIPPED,
    ],
  };

  it('shows the shipped version as such, takes text files and says what is frozen', async () => {
    const activate = jest.spyOn(masterSetupApi, 'activate').mockResolvedValue(TEMPLATE);
    renderInAdmin(<EntityDetails view={TEMPLATE} onChanged={jest.fn()} />);
    expect(screen.getByTestId('active-PDP_NOTICE_TEMPLATE').textContent).toMatch(
      /In use: version 1 \(pdp-notice\.txt\), shipped with the platform on /,
    );
    const items = within(
      screen.getByRole('list', { name: 'Versions of Personal data protection notice template' }),
    ).getAllByRole('listitem');
    expect(within(items[0]!).getByText('6 sections')).toBeTruthy();
    expect(within(items[1]!).getByText(/^Shipped with the platform on /)).toBeTruthy();
    // Nobody activated it: the shipped line says all there is.
    expect(within(items[1]!).queryByText(/activated by/)).toBeNull();
    expect(screen.getByLabelText('File').getAttribute('accept')).toBe('.txt,text/plain');
    // The format names the placeholders as they are typed, not as the translations read them.
    expect(screen.getByText(/HEADING MS:/).textContent).toContain(
      '{{lenderName}}, {{registrationNo}}, {{licenceNo}}, {{address}}',
    );
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Activate version 2 of Personal data protection notice template',
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(/Agreements already made keep the version they were made with/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-activate'));
    await waitFor(() => expect(activate).toHaveBeenCalledWith(version(2).id, SHIPPED.id));
  });

  it('lists a refused template’s lines in English and in Malay', () => {
    const problems = [
      { line: 4, problem: 'LANGUAGE' as const, text: 'BODY EN' },
      { line: 7, problem: 'PLACEHOLDER' as const, text: 'BODY EN: Call {{phone}}' },
      { line: 0, problem: 'NO_SECTIONS' as const, text: '' },
    ];
    const { unmount } = renderInAdmin(<FileProblems problems={problems} />);
    const lines = within(screen.getByTestId('file-problems')).getAllByRole('listitem');
    expect(lines[0]!.textContent).toMatch(/^Line 4: a title or section is missing .*\(BODY EN\)$/);
    expect(lines[1]!.textContent).toMatch(
      /^Line 7: names a placeholder that does not exist \(the placeholders are \{\{lenderName\}\}/,
    );
    expect(lines[2]!.textContent).toMatch(/^The file: has no section/);
    unmount();
    setLanguage('MS');
    renderInAdmin(<FileProblems problems={problems} />);
    const malay = within(screen.getByTestId('file-problems')).getAllByRole('listitem');
    expect(malay[1]!.textContent).toMatch(/^Baris 7: menamakan ruang isian yang tidak wujud/);
  });
});

describe('the master setup page', () => {
  it('lists the templates with the others and says Schedule J/K wording is prescribed', async () => {
    setLanguage('EN');
    const entity = jest.spyOn(masterSetupApi, 'entity').mockImplementation(async (entityId) => ({
      entityId,
      active: null,
      inEffect: false,
      versions: [],
    }));
    renderInAdmin(<MasterSetupPage />);
    expect(screen.getByText(/Schedule J or K\) is prescribed/)).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Loan terms and conditions template' }),
    ).toBeTruthy();
    expect(entity).toHaveBeenCalledWith('PDP_NOTICE_TEMPLATE');
    expect(entity).toHaveBeenCalledWith('LOAN_TERMS_TEMPLATE');
  });
});

describe('a refused file', () => {
  const problems = [
    { line: 3, problem: 'DATE' as const, text: '2026-02-30,Not a day' },
    { line: 0, problem: 'TOO_MANY' as const, text: '101' },
  ];

  it('lists every bad line in English and in Malay', () => {
    setLanguage('EN');
    const { unmount } = renderInAdmin(<FileProblems problems={problems} />);
    expect(screen.getByRole('alert').textContent).toMatch(/2 problems to fix/);
    const lines = within(screen.getByTestId('file-problems')).getAllByRole('listitem');
    expect(lines[0]!.textContent).toMatch(
      /^Line 3: not a date in Malaysia.*\(2026-02-30,Not a day\)$/,
    );
    expect(lines[1]!.textContent).toMatch(/^The file: has more entries than allowed/);
    unmount();
    setLanguage('MS');
    renderInAdmin(<FileProblems problems={problems} />);
    const malay = within(screen.getByTestId('file-problems')).getAllByRole('listitem');
    expect(malay[0]!.textContent).toMatch(/^Baris 3: bukan tarikh di Malaysia/);
  });

  it('is read from the API’s refusal, which carries the problems', () => {
    expect(refusalOf(refusal(422, { code: 'MASTER_FILE_INVALID', problems }))).toEqual({
      problems,
      changed: false,
    });
    expect(refusalOf(refusal(409, { code: 'MASTER_FILE_CHANGED' }))).toEqual({
      problems: null,
      changed: true,
    });
    expect(refusalOf(new Error('network'))).toEqual({ problems: null, changed: false });
  });
});
