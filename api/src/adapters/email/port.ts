export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text; every link the reader needs is written out in it. */
  body: string;
  links: string[];
}

export interface EmailSender {
  readonly provider: 'sandbox' | 'smtp';
  send(message: EmailMessage): Promise<void>;
}
