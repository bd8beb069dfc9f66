// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { DecisionOptions, RecommendationPreview } from '@lending/contracts';
import { STAFF_DECISIONS, type StaffDecision } from '@lending/domain';
import { brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import en from '../locales/en/admin-decisions.json';
import ms from '../locales/ms/admin-decisions.json';
import { DecisionForms, type DecisionFormsProps } from './decision-forms';
import { OfferFigures } from './recommend-form';

// Typing through a few Chakra forms takes more than 5 s on a busy machine.
jest.setTimeout(30_000);
brandStore.set(arkcash);
registerTranslations('admin-decisions', { en, ms });

const SLOT = '2026-11-30T01:00:00.000Z'; // Monday 09:00 in Malaysia

function optionsWith(allowed: StaffDecision[], extra: Partial<DecisionOptions> = {}) {
  return {
    applicationId: '00000000-0000-4000-8000-000000000001',
    status: 'PENDING',
    version: 4,
    decisions: STAFF_DECISIONS.map((decision) =>
      allowed.includes(decision)
        ? { decision, allowed: true }
        : { decision, allowed: false, reason: 'roleNotAllowed' as const },
    ),
    interviewSlots: [SLOT],
    referbackTargets: {
      sections: ['loan', 'company', 'applicant'],
      documents: ['BANK_STATEMENT', 'SSM_DOCUMENT'],
    },
    offer: null,
    interviews: [],
    ...extra,
  } satisfies DecisionOptions;
}

const PREVIEW: RecommendationPreview = {
  ok: true,
  failures: [],
  needsComplianceReview: true,
  offer: {
    approvedSen: 1_000_000,
    tenureMonths: 12,
    annualRateBp: 1800,
    security: 'UNSECURED',
    stampDutySen: 5_000,
    attestationFeeSen: 70_000,
    referralWaiverSen: 0,
    netReceivedSen: 925_000,
    totalInterestSen: 180_000,
    totalRepayableSen: 1_180_000,
    monthlyInstalmentSen: 98_333,
    lastInstalmentSen: 98_337,
    effectiveAnnualRateBp: 2688,
    capViolations: [],
    needsComplianceReview: true,
  },
  capBp: 1800,
  approvalLevels: 1,
  settingsVersion: 3,
};

function renderForms(props: Partial<DecisionFormsProps> & { options: DecisionOptions }) {
  const submit = jest.fn<Promise<void>, unknown[]>().mockResolvedValue(undefined);
  const preview = jest.fn<Promise<RecommendationPreview>, unknown[]>().mockResolvedValue(PREVIEW);
  const onReload = jest.fn();
  render(
    <PlatformRoot>
      <DecisionForms
        submit={submit}
        preview={preview}
        recordOutcome={jest.fn().mockResolvedValue(undefined)}
        onReload={onReload}
        {...props}
      />
    </PlatformRoot>,
  );
  return { submit, preview, onReload };
}

describe('decision forms', () => {
  beforeEach(() => setLanguage('EN'));

  it('offers only the decisions the server allows, and says so when there are none', () => {
    renderForms({ options: optionsWith(['KIV', 'REJECT']) });
    expect(screen.getByRole('button', { name: 'Keep in view' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('tells a staff member with no decision why, rather than only that there is none', () => {
    renderForms({ options: optionsWith([]) });
    expect(screen.getByTestId('decision-why-not').textContent).toBe(
      'A credit officer assesses the file at this stage; approvers decide once it is recommended.',
    );
    expect(screen.queryByText('There is no decision for you to take on this file now.')).toBeNull();
  });

  it('says there is nothing to decide when no decision applies to the file now', () => {
    const options = optionsWith([]);
    renderForms({
      options: {
        ...options,
        decisions: options.decisions.map((one) => ({ ...one, reason: 'wrongStatus' as const })),
      },
    });
    expect(screen.getByText('There is no decision for you to take on this file now.')).toBeTruthy();
  });

  it('asks for a note before keeping in view, confirms, then sends it with the version', async () => {
    const user = userEvent.setup({ delay: null });
    const { submit } = renderForms({ options: optionsWith(['KIV']) });
    await user.click(screen.getByRole('button', { name: 'Keep in view' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please fill this in')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Waiting for CTOS');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Keep in view: are you sure?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(submit).toHaveBeenCalledWith({ decision: 'KIV', note: 'Waiting for CTOS', version: 4 });
    expect(await screen.findByText('Done: Keep in view.')).toBeTruthy();
  });

  it('tells clearly that the file changed and offers to reload it', async () => {
    const user = userEvent.setup({ delay: null });
    const { submit, onReload } = renderForms({ options: optionsWith(['APPROVE']) });
    submit.mockRejectedValueOnce({
      response: { status: 409, data: { code: 'APPLICATION_CHANGED', message: 'changed' } },
    });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByTestId('file-changed');
    expect(alert.textContent).toContain('This file changed, reload');
    await user.click(screen.getByRole('button', { name: 'Reload the file' }));
    expect(onReload).toHaveBeenCalled();
  });

  it('shows the server computed offer with the all-in rate beside the cap before confirming', async () => {
    const user = userEvent.setup({ delay: null });
    const { preview, submit } = renderForms({ options: optionsWith(['RECOMMEND']) });
    await user.click(screen.getByRole('button', { name: 'Recommend' }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '10,000');
    await user.type(screen.getByRole('textbox', { name: /Tenure/ }), '12');
    await user.type(screen.getByRole('textbox', { name: /Annual rate/ }), '18');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Calculate the offer' }));
    expect(preview).toHaveBeenCalledWith({
      amountSen: 1_000_000,
      tenureMonths: 12,
      annualRateBp: 1800,
      security: 'UNSECURED',
    });
    const figures = await screen.findByTestId('offer-figures');
    expect(figures.textContent).toContain('RM 983.33');
    expect(figures.textContent).toContain('26.88% (cap 18.00%)');
    expect(screen.getByTestId('compliance-flag')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ decision: 'RECOMMEND', amountSen: 1_000_000, version: 4 }),
    );
  });

  it.each([
    ['EN', 'of which interest', 'The attestation fee of RM 700.00 kept by the lender adds 8.88%'],
    [
      'MS',
      'daripadanya faedah',
      'Fi pengakuan sebanyak RM 700.00 yang disimpan oleh pemberi pinjam menambah 8.88%',
    ],
  ] as const)(
    'shows the approver which fee drives the all-in rate and by how much (%s)',
    (language, interestLabel, driver) => {
      setLanguage(language);
      render(
        <PlatformRoot>
          <OfferFigures preview={PREVIEW} />
        </PlatformRoot>,
      );
      const figures = screen.getByTestId('offer-figures');
      // 26.88% all in: 18.00% of interest, and the RM700 fee adds the other 8.88%.
      expect(figures.textContent).toContain(interestLabel);
      expect(figures.textContent).toContain('18.00%');
      expect(figures.textContent).toContain('+8.88%');
      expect(screen.getByTestId('all-in-driver').textContent).toContain(driver);
    },
  );

  it('needs the security described when secured', async () => {
    const user = userEvent.setup({ delay: null });
    const { preview } = renderForms({ options: optionsWith(['RECOMMEND']) });
    await user.click(screen.getByRole('button', { name: 'Recommend' }));
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '10000');
    await user.type(screen.getByRole('textbox', { name: /Tenure/ }), '12');
    await user.type(screen.getByRole('textbox', { name: /Annual rate/ }), '12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Security' }), 'SECURED');
    await user.click(screen.getByRole('button', { name: 'Calculate the offer' }));
    expect(screen.getByText('Please fill this in')).toBeTruthy();
    expect(preview).not.toHaveBeenCalled();
  });

  it('refers back items per section or document, each with its reason', async () => {
    const user = userEvent.setup({ delay: null });
    const { submit } = renderForms({ options: optionsWith(['REFER_BACK']) });
    await user.click(screen.getByRole('button', { name: 'Refer back to the applicant' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: /What to fix/ }),
      'document:BANK_STATEMENT',
    );
    await user.type(screen.getByRole('textbox', { name: /Why/ }), 'Bank statement unreadable');
    await user.click(screen.getByRole('button', { name: 'Add another item' }));
    const targets = screen.getAllByRole('combobox', { name: /What to fix/ });
    await user.selectOptions(targets[1]!, 'section:company');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Choose what to fix and say why')).toBeTruthy();
    await user.type(screen.getAllByRole('textbox', { name: /Why/ })[1]!, 'Wrong address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(submit).toHaveBeenCalledWith({
      decision: 'REFER_BACK',
      version: 4,
      items: [
        { kind: 'document', target: 'BANK_STATEMENT', reason: 'Bank statement unreadable' },
        { kind: 'section', target: 'company', reason: 'Wrong address' },
      ],
    });
  });

  it('books an interview slot shown in Malaysia time, with its mode', async () => {
    const user = userEvent.setup({ delay: null });
    const { submit } = renderForms({ options: optionsWith(['REQUEST_INTERVIEW']) });
    await user.click(screen.getByRole('button', { name: 'Request an interview' }));
    const slot = screen.getByRole('combobox', { name: /Interview slot/ });
    expect(slot.textContent).toMatch(/09:00/);
    await user.selectOptions(slot, SLOT);
    await user.selectOptions(
      screen.getByRole('combobox', { name: /How the interview/ }),
      'PHONE_CALL',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(submit).toHaveBeenCalledWith({
      decision: 'REQUEST_INTERVIEW',
      scheduledAt: SLOT,
      mode: 'PHONE_CALL',
      version: 4,
    });
  });

  it('records an interview outcome', async () => {
    const user = userEvent.setup({ delay: null });
    const recordOutcome = jest.fn().mockResolvedValue(undefined);
    renderForms({
      options: optionsWith([], {
        interviews: [
          {
            id: 'i-1',
            scheduledAt: SLOT,
            mode: 'VIDEO_CALL',
            details: 'https://meet.example/abc',
            outcome: null,
            outcomeNote: null,
          },
        ],
      }),
      recordOutcome,
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'NO_SHOW');
    await user.click(screen.getByRole('button', { name: 'Record the outcome' }));
    await waitFor(() => expect(recordOutcome).toHaveBeenCalledWith('i-1', { outcome: 'NO_SHOW' }));
  });

  it('shows the offer awaiting approval and needs the compliance review confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    const { submit } = renderForms({
      options: optionsWith(['APPROVE'], {
        status: 'SUBMITTED_FOR_APPROVAL_1',
        offer: {
          recommendationId: 'r-1',
          recommendedBy: 's-1',
          terms: {
            amountSen: 1_000_000,
            tenureMonths: 12,
            annualRateBp: 1800,
            security: 'UNSECURED',
          },
          offer: PREVIEW.offer!,
          settingsVersion: 3,
          approvalLevels: 1,
          complianceReview: true,
          capBp: 1800,
          approvals: [],
        },
      }),
    });
    const card = screen.getByTestId('offer-card');
    expect(card.textContent).toContain('RM 10,000.00 over 12 months at 18.00% a year');
    expect(card.textContent).toContain('Approvals: 0 of 1 (settings version 3)');
    expect(card.textContent).toContain('Compliance review');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Confirm the compliance review before approving')).toBeTruthy();
    // A plain click: the checkbox's blur handling needs PointerEvent, which jsdom lacks.
    const reviewed = screen.getByRole('checkbox', {
      name: 'I reviewed the all-in rate of this offer for compliance',
    });
    fireEvent.click(reviewed);
    await waitFor(() => expect((reviewed as HTMLInputElement).checked).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(submit).toHaveBeenCalledWith({
      decision: 'APPROVE',
      complianceReviewed: true,
      version: 4,
    });
  });

  it('speaks Bahasa Melayu', async () => {
    setLanguage('MS');
    renderForms({ options: optionsWith(['APPROVE', 'REJECT']) });
    expect(await screen.findByRole('button', { name: 'Luluskan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tolak' })).toBeTruthy();
  });
});
