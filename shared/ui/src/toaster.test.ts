import { showToast, toaster } from './toaster';

describe('the toaster', () => {
  it('raises toasts at the bottom, a few at a time, off the header and the page’s heading', () => {
    expect(toaster.attrs.placement).toBe('bottom-end');
    expect(toaster.attrs.max).toBeLessThanOrEqual(3);
  });
});

describe('a toast raised again while shown', () => {
  afterEach(() => toaster.remove());

  it('is the same toast, not one more on the pile', () => {
    showToast({ status: 'success', title: 'Submit Successfully' });
    showToast({ status: 'success', title: 'Submit Successfully' });
    showToast({ status: 'success', title: 'Loan details saved' });
    expect(toaster.getVisibleToasts().map((toast) => toast.title)).toEqual([
      'Loan details saved',
      'Submit Successfully',
    ]);
  });
});
