import {
  BANK_IN_SLIP_PATHS,
  type BankInSlipsResponse,
  type BankInSlipView,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** A slip of 5 MB on a slow mobile line takes longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 120_000;

export const slipApi = {
  async list(agreementId: string): Promise<BankInSlipsResponse> {
    return (await api.core.get<BankInSlipsResponse>(BANK_IN_SLIP_PATHS.borrowerSlips(agreementId)))
      .data;
  },

  /** The fields go first: the server checks them before it reads the file. */
  async submit(
    agreementId: string,
    slip: { amountSen: number; paidOn: string; file: File },
  ): Promise<BankInSlipView> {
    const form = new FormData();
    form.append('amountSen', String(slip.amountSen));
    form.append('paidOn', slip.paidOn);
    form.append('file', slip.file, slip.file.name);
    const { data } = await api.core.post<BankInSlipView>(
      BANK_IN_SLIP_PATHS.borrowerSlips(agreementId),
      form,
      { timeout: UPLOAD_TIMEOUT_MS },
    );
    return data;
  },
};
