import type { ApplicationStatus } from '@lending/domain';

export interface DecisionPanelProps {
  applicationId: string;
  status: ApplicationStatus;
  /** The version the file was read at; a decision on an older version is refused. */
  version: number;
  /** Called after a decision landed, so the file page reads the application again. */
  onDecided: () => void;
}

/**
 * The decisions the signed-in staff member may take on this file. The file page renders it;
 * the decisions work fills it.
 */
export function DecisionPanel(_props: DecisionPanelProps) {
  return null;
}
