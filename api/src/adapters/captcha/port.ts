export interface CaptchaProvider {
  readonly kind: 'sandbox' | 'recaptcha-v2';
  readonly siteKey: string | null;
  /**
   * Whether the token is a pass the person earned and has not spent. Checking does not spend it:
   * the browser checks first (spec: verify-token), then sends it with the form, which spends it.
   */
  check(token: string, ip: string): Promise<boolean>;
  /** Spends the pass: true only the first time, so one tick buys one attempt. */
  consume(token: string, ip: string): Promise<boolean>;
}

export interface SandboxCaptcha extends CaptchaProvider {
  readonly kind: 'sandbox';
  /** What ticking the box does: issues a fresh pass. */
  solve(): Promise<string>;
}
