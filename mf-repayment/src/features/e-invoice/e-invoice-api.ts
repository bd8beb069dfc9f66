import {
  E_INVOICE_PATHS,
  type ValidateTinRequest,
  type ValidateTinResponse,
} from '@lending/contracts';
import { api } from '@lending/platform';

export const eInvoiceApi = {
  /** The server checks the TIN with the tax authority and keeps it when valid. */
  async validate(tinNumber: string): Promise<ValidateTinResponse> {
    const body: ValidateTinRequest = { tinNumber };
    return (await api.core.post<ValidateTinResponse>(E_INVOICE_PATHS.validateTin, body)).data;
  },
};
