import fs from 'node:fs';
import path from 'node:path';

import { findPersonalData } from '../src/log-scan';

/** Fails the run when the API logged personal data or a credential while the tests ran. */
export default function logGate(): void {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: the log gate has no log to read');
  const logFile = path.join(runDir, 'api.log');
  if (!fs.existsSync(logFile)) throw new Error(`The API wrote no log at ${logFile}`);
  const log = fs.readFileSync(logFile, 'utf8');
  const findings = findPersonalData(log);
  const lines = log.split('\n').filter(Boolean).length;
  if (findings.length > 0) {
    const shown = findings
      .slice(0, 20)
      .map((finding) => `  line ${finding.line}: ${finding.kind}: ${finding.excerpt}`);
    throw new Error(
      `The API logged personal data or credentials (${findings.length} findings in ${lines} lines):\n${shown.join('\n')}`,
    );
  }
  process.stdout.write(`Log gate: ${lines} API log lines, nothing personal or secret.\n`);
}
