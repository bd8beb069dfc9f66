import fs from 'node:fs';
import path from 'node:path';

import { findPersonalData } from '../src/log-scan';

/** The logs every server must have written: a process that logged nothing was not logging. */
const EXPECTED = ['api.log', 'edge.log'];

/**
 * Fails the run when any process logged personal data or a credential while the tests ran: on
 * every server the journeys ran against, the API and the edge in front of it (the local gateway,
 * or nginx's access and error logs), with logging on as in production.
 */
export default function logGate(): void {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: the log gate has no log to read');
  const servers = Number(process.env.E2E_SERVER_COUNT ?? 1);
  const read: string[] = [];
  for (let index = 0; index < servers; index++) {
    const serverDir = path.join(runDir, `server-${index}`);
    const files = fs.existsSync(serverDir)
      ? fs.readdirSync(serverDir).filter((name) => name.endsWith('.log'))
      : [];
    const silent = EXPECTED.filter(
      (name) => !files.includes(name) || fs.statSync(path.join(serverDir, name)).size === 0,
    );
    if (silent.length > 0) {
      throw new Error(`No log was written at ${silent.join(', ')} in ${serverDir}`);
    }
    for (const name of files) {
      const log = fs.readFileSync(path.join(serverDir, name), 'utf8');
      const findings = findPersonalData(log);
      const lines = log.split('\n').filter(Boolean).length;
      if (findings.length > 0) {
        const shown = findings
          .slice(0, 20)
          .map((finding) => `  line ${finding.line}: ${finding.kind}: ${finding.excerpt}`);
        throw new Error(
          `server-${index}/${name} holds personal data or credentials (${findings.length} findings in ${lines} lines):\n${shown.join('\n')}`,
        );
      }
      read.push(`server-${index}/${name} ${lines} lines`);
    }
  }
  process.stdout.write(`Log gate: ${read.join(', ')}; nothing personal or secret.\n`);
}
