// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { CaseFile } from '@lending/contracts';
import { brandStore, masterApi, registerTranslations, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import en from '../locales/en/admin-case-file.json';
import ms from '../locales/ms/admin-case-file.json';
import { caseFileApi } from './case-file-api';
import { CaseFilePage } from './case-file-page';

// The decisions are another screen's work: here only what the file hands them is checked.
jest.mock('../decisions/decision-panel', () => ({
  DecisionPanel: (props: {
    applicationId: string;
    status: string;
    version: number;
    onDecided: () => void;
  }) => (
    <button type="button" onClick={props.onDecided}>
      {`Decide ${props.applicationId} ${props.status} v${props.version}`}
    </button>
  ),
}));

brandStore.set(arkcash);
registerTranslations('admin-case-file', { en, ms });

const ID = '00000000-0000-4000-8000-000000000001';
const officer = { id: 'staff-1', name: 'Farid', email: 'farid@lender.test' };
const address = {
  line1: '12 Jalan Bunga',
  postcode: '80000',
  cityId: 1,
  cityName: 'Johor Bahru',
  stateId: 1,
  stateName: 'Johor',
};

function caseFile(overrides: Partial<CaseFile> = {}): CaseFile {
  return {
    application: {
      id: ID,
      referenceNo: 'AC-2026-000042',
      userId: 'user-1',
      organizationId: 'org-1',
      organizationType: 'SOLE_PROP',
      status: 'PENDING',
      applicationStatus: 'PENDING',
      requestedAmountSen: 1_000_000,
      tenureMonths: 12,
      loanReasonId: 3,
      loanReasonOther: null,
      campaignCode: null,
      interestRateBp: 1680,
      estimatedMonthlyInstalmentSen: 97_333,
      progress: [],
      sections: {
        company: {
          companyName: 'Kedai Runcit Maju',
          newBusinessRegistrationNo: '201903000123',
          natureOfBusinessId: 1,
          businessContactNo: '+60321234567',
          establishedDate: '2019-03-01',
          companyEmail: 'hello@kedai.example.com',
          businessAuthorisedAddress: address,
          registeredSsmAddress: address,
          mailingAddress: address,
        },
        applicant: {
          name: 'Nur Aisyah binti Ahmad',
          identityCardType: 'MYKAD',
          identityCardNo: '900101145678',
          dateOfBirth: '1990-01-01',
          gender: 'FEMALE',
          age: 36,
          raceId: 1,
          nationalityId: 1,
          contactNo: '+60123456789',
          personalEmail: 'aisyah@example.com',
          nricAddress: address,
          homeAddress: address,
          mailingAddress: address,
          personalBankId: 1,
          personalBankAccountNo: '1234567890',
          acceptMarketingConsent: false,
        },
        disbursement: { bankId: 1, accountName: 'Kedai Runcit Maju', accountNumber: '9876543210' },
        emergencyContacts: {
          contacts: [
            {
              number: 1,
              name: 'Ahmad bin Ali',
              relationshipId: 2,
              contactNo: '+60129876543',
              email: 'brother@example.com',
            },
          ],
        },
        directors: null,
      },
      missing: [],
      submittedAt: '2026-11-20T02:00:00.000Z',
      createdAt: '2026-11-19T02:00:00.000Z',
      updatedAt: '2026-11-20T02:00:00.000Z',
    },
    status: 'PENDING',
    version: 3,
    assignedOfficer: officer,
    assignedAt: '2026-11-21T02:00:00.000Z',
    companyName: 'Kedai Runcit Maju',
    businessRegistrationNo: '201903000123',
    documents: [
      {
        id: 'doc-1',
        applicationId: ID,
        fileType: 'BANK_STATEMENT',
        originalFileName: 'statement-march.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 204_800,
        sha256: 'a'.repeat(64),
        createdAt: '2026-11-19T03:00:00.000Z',
        url: `/api/admin/applications/${ID}/documents/doc-1`,
      },
      {
        id: 'doc-2',
        applicationId: ID,
        fileType: 'PREMISE_PICTURE',
        originalFileName: 'shop-front.png',
        mimeType: 'image/png',
        sizeBytes: 102_400,
        sha256: 'b'.repeat(64),
        createdAt: '2026-11-19T03:05:00.000Z',
        url: `/api/admin/applications/${ID}/documents/doc-2`,
      },
    ],
    ekyc: {
      sessionId: 'ekyc-1',
      status: 'PASSED',
      message: null,
      completedAt: '2026-11-20T03:00:00.000Z',
      confirmedAt: '2026-11-20T03:01:00.000Z',
      consentAt: '2026-11-20T02:58:00.000Z',
      images: [
        {
          kind: 'SELFIE',
          contentType: 'image/png',
          url: `/api/admin/applications/${ID}/ekyc/ekyc-1/images/SELFIE`,
        },
      ],
    },
    psychometric: {
      attemptId: 'attempt-1',
      questionnaireVersion: 'v1',
      language: 'EN',
      startedAt: '2026-11-20T04:00:00.000Z',
      submittedAt: '2026-11-20T04:10:00.000Z',
      outcome: 'VALID',
      score: 72,
      dimensionScores: { budgeting: 80 },
      invalidReasons: [],
      answers: [
        {
          questionId: 'q1',
          dimension: 'budgeting',
          textEn: 'I keep a written budget for my business.',
          textMs: 'Saya menyimpan belanjawan bertulis untuk perniagaan saya.',
          answer: 4,
        },
      ],
    },
    eligibility: [
      { rule: 'citizen', stated: 'MYKAD', pass: true },
      { rule: 'annualTurnover', stated: null, pass: null },
    ],
    applicant: {
      userId: 'user-1',
      earlierApplications: [
        {
          id: 'old-1',
          referenceNo: 'AC-2025-000007',
          status: 'REJECTED',
          organizationType: 'SOLE_PROP',
          requestedAmountSen: 2_000_000,
          createdAt: '2025-01-10T02:00:00.000Z',
        },
      ],
      ban: { until: '2026-12-31T16:00:00.000Z', kind: 'TEMPORARY_BAN' },
    },
    notes: [],
    interview: null,
    referbacks: [],
    recommendation: null,
    statusHistory: [
      {
        from: null,
        to: 'DRAFT',
        actor: 'user:user-1',
        staff: null,
        reason: null,
        at: '2026-11-19T02:00:00.000Z',
      },
      {
        from: 'DRAFT',
        to: 'PENDING',
        actor: 'user:user-1',
        staff: null,
        reason: null,
        at: '2026-11-20T02:00:00.000Z',
      },
    ],
    auditTrail: [
      {
        id: 1,
        action: 'case_file.document_viewed',
        actor: 'staff:staff-1',
        staff: officer,
        entity: 'file:doc-1',
        from: null,
        to: null,
        reason: null,
        at: '2026-11-21T03:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

function renderPage() {
  return render(
    <PlatformRoot>
      <MemoryRouter initialEntries={[`/admin/applications/${ID}`]}>
        <Routes>
          <Route path="/admin/applications/:applicationId" element={<CaseFilePage />} />
        </Routes>
      </MemoryRouter>
    </PlatformRoot>,
  );
}

beforeAll(() => {
  // jsdom keeps no blobs; the page only hands the address to an img or object.
  URL.createObjectURL = jest.fn(() => 'blob:case-file/1');
  URL.revokeObjectURL = jest.fn();
});

beforeEach(() => {
  setLanguage('EN');
  for (const list of [
    'banks',
    'races',
    'nationalities',
    'relationships',
    'naturesOfBusiness',
    'loanReasons',
  ] as const) {
    jest.spyOn(masterApi, list).mockResolvedValue([]);
  }
});

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('the application file', () => {
  it('heads the file with reference, company, status, officer and amount, then every section', async () => {
    jest.spyOn(caseFileApi, 'get').mockResolvedValue(caseFile());
    renderPage();
    const header = await screen.findByTestId('case-header');
    expect(within(header).getByText('AC-2026-000042')).toBeTruthy();
    expect(within(header).getByText('Kedai Runcit Maju')).toBeTruthy();
    expect(within(header).getByText('Pending')).toBeTruthy();
    expect(within(header).getByText('Farid (farid@lender.test)')).toBeTruthy();
    expect(within(header).getByText('RM 10,000.00')).toBeTruthy();
    for (const card of ['case-loan', 'case-company', 'case-applicant', 'case-disbursement']) {
      expect(screen.getByTestId(card)).toBeTruthy();
    }
    // Staff read the identity number whole.
    expect(within(screen.getByTestId('case-applicant')).getByText('900101-14-5678')).toBeTruthy();
    expect(screen.getByText('Ahmad bin Ali')).toBeTruthy();
  });

  it('moves between tabs with the keyboard', async () => {
    jest.spyOn(caseFileApi, 'get').mockResolvedValue(caseFile());
    renderPage();
    const first = await screen.findByRole('tab', { name: 'Application' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    const documents = screen.getByRole('tab', { name: 'Documents' });
    await waitFor(() => expect(document.activeElement).toBe(documents));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('statement-march.pdf')).toBeTruthy();
  });

  it('shows a PDF inline in its own viewer, an image with its alt text, and downloads either', async () => {
    jest.spyOn(caseFileApi, 'get').mockResolvedValue(caseFile());
    const content = jest
      .spyOn(caseFileApi, 'content')
      .mockResolvedValue(new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Documents' }));
    await userEvent.click(screen.getByRole('button', { name: 'View statement-march.pdf' }));
    const viewer = await screen.findByTestId('document-viewer');
    await waitFor(() => expect(viewer.querySelector('object')).not.toBeNull());
    const pdf = viewer.querySelector('object')!;
    expect(pdf.getAttribute('type')).toBe('application/pdf');
    expect(pdf.getAttribute('data')).toBe('blob:case-file/1');
    expect(content).toHaveBeenCalledWith(`/api/admin/applications/${ID}/documents/doc-1`);

    await userEvent.click(screen.getByRole('button', { name: 'View shop-front.png' }));
    expect(await screen.findByRole('img', { name: 'Document: shop-front.png' })).toBeTruthy();

    // jsdom does not save files: the link the page makes is clicked, nothing more.
    const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Download statement-march.pdf' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    await waitFor(() =>
      expect(content).toHaveBeenCalledWith(`/api/admin/applications/${ID}/documents/doc-1`, true),
    );
  });

  it('shows the eKYC images, the psychometric answers and the eligibility rules', async () => {
    jest.spyOn(caseFileApi, 'get').mockResolvedValue(caseFile());
    jest.spyOn(caseFileApi, 'content').mockResolvedValue(new Blob(['x'], { type: 'image/png' }));
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Checks' }));
    expect(await screen.findByRole('img', { name: 'Selfie' })).toBeTruthy();
    expect(screen.getByText('Passed')).toBeTruthy();
    expect(screen.getByText('I keep a written budget for my business.')).toBeTruthy();
    expect(screen.getByText('Agree')).toBeTruthy();
    expect(screen.getByText('Malaysian citizen: MyKad number')).toBeTruthy();
    expect(screen.getByText('Not stated')).toBeTruthy();
  });

  it('shows earlier applications and the ban', async () => {
    jest.spyOn(caseFileApi, 'get').mockResolvedValue(caseFile());
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Earlier applications' }));
    expect(await screen.findByRole('link', { name: 'AC-2025-000007' })).toBeTruthy();
    expect(screen.getByText('Temporarily banned')).toBeTruthy();
  });

  it('adds an internal note and reads the file again', async () => {
    const get = jest.spyOn(caseFileApi, 'get').mockResolvedValue(caseFile());
    const add = jest.spyOn(caseFileApi, 'addNote').mockResolvedValue({
      id: 'note-1',
      body: 'Shop visited',
      author: officer,
      createdAt: '2026-11-22T02:00:00.000Z',
    });
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Internal notes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Please write the note')).toBeTruthy();
    expect(add).not.toHaveBeenCalled();

    get.mockResolvedValue(
      caseFile({
        notes: [
          {
            id: 'note-1',
            body: 'Shop visited',
            author: officer,
            createdAt: '2026-11-22T02:00:00.000Z',
          },
        ],
      }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: /New note/ }), 'Shop visited');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(add).toHaveBeenCalledWith(ID, 'Shop visited');
    expect(await screen.findByText('Note added')).toBeTruthy();
    expect(await within(screen.getByTestId('case-notes')).findByText('Shop visited')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('shows the status history and the audit trail', async () => {
    jest.spyOn(caseFileApi, 'get').mockResolvedValue(caseFile());
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Timeline' }));
    const history = await screen.findByTestId('case-status-history');
    expect(within(history).getByText('Draft → Pending')).toBeTruthy();
    const trail = screen.getByTestId('case-audit-trail');
    expect(within(trail).getByText('Document viewed by staff')).toBeTruthy();
  });

  it('hands the decision panel the file, its status and version, and reads the file again after a decision', async () => {
    const get = jest.spyOn(caseFileApi, 'get').mockResolvedValue(caseFile());
    renderPage();
    const decide = await screen.findByRole('button', { name: `Decide ${ID} PENDING v3` });
    get.mockResolvedValue(caseFile({ status: 'KIV', version: 4 }));
    await userEvent.click(decide);
    expect(await screen.findByRole('button', { name: `Decide ${ID} KIV v4` })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('speaks Bahasa Melayu', async () => {
    setLanguage('MS');
    jest.spyOn(caseFileApi, 'get').mockResolvedValue(caseFile());
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Nota dalaman' })).toBeTruthy();
    expect(screen.getByText('Dalam proses')).toBeTruthy();
  });

  it('says when the file cannot be loaded and tries again', async () => {
    const get = jest
      .spyOn(caseFileApi, 'get')
      .mockRejectedValueOnce(new Error('Application Not Found'))
      .mockResolvedValue(caseFile());
    renderPage();
    expect(await screen.findByText('The application could not be loaded')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByTestId('case-header')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
