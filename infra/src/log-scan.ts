// What must never stand in a log line whole (PDPA; the API masks it before writing): the gate
// that reads the API's log of a whole end-to-end run, and its own fixtures, share this list.

export interface LogFinding {
  kind: string;
  line: number;
  excerpt: string;
}

const PATTERNS: { kind: string; pattern: RegExp }[] = [
  // A masked email keeps one letter before `***@`: two plain characters before `@` are a leak.
  { kind: 'email', pattern: /[A-Za-z0-9._%+-]{2}@[A-Za-z0-9-]+\.[A-Za-z]{2,}/ },
  { kind: 'email (percent-encoded)', pattern: /[A-Za-z0-9._+-]%40[A-Za-z0-9-]+\./i },
  { kind: 'phone number', pattern: /(?<![\d*])(?:\+?60|0)1\d[ -]?\d{3,4}[ -]?\d{4}(?![\d*])/ },
  { kind: 'identity card number', pattern: /(?<![\d-])\d{6}-?\d{2}-?\d{4}(?![\d-])/ },
  { kind: 'signed token', pattern: /eyJ[\w-]{6,}\.[\w-]{6,}\./ },
  {
    kind: 'token or code in a query string',
    pattern: /[?&;](?:token|access_token|refresh_token|code|otp|tac)=(?!\[redacted\])[^&\s"]/i,
  },
  { kind: 'statement parameters', pattern: /params: (?!\[redacted\])\S/ },
  { kind: 'password', pattern: /"(?:password|newPassword|currentPassword)":/ },
];

/** Every line of `log` that holds personal data or a credential, with what it holds. */
export function findPersonalData(log: string): LogFinding[] {
  const findings: LogFinding[] = [];
  log.split('\n').forEach((text, index) => {
    for (const { kind, pattern } of PATTERNS) {
      const match = pattern.exec(text);
      if (match) {
        const start = Math.max(0, match.index - 40);
        findings.push({ kind, line: index + 1, excerpt: text.slice(start, match.index + 60) });
      }
    }
  });
  return findings;
}
