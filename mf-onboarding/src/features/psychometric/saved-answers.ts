/** Answers kept in the tab's session storage, per attempt, so a reload loses nothing. */
export interface SavedProgress {
  answers: Record<string, number>;
  page: number;
}

const key = (attemptId: string) => `psychometric-answers:${attemptId}`;

export function loadProgress(attemptId: string): SavedProgress {
  try {
    const raw = window.sessionStorage.getItem(key(attemptId));
    const parsed = raw ? (JSON.parse(raw) as Partial<SavedProgress>) : {};
    return { answers: parsed.answers ?? {}, page: parsed.page ?? 0 };
  } catch {
    return { answers: {}, page: 0 };
  }
}

export function saveProgress(attemptId: string, progress: SavedProgress): void {
  try {
    window.sessionStorage.setItem(key(attemptId), JSON.stringify(progress));
  } catch {
    // Storage full or disabled: the answers stay in the page.
  }
}

export function clearProgress(attemptId: string): void {
  try {
    window.sessionStorage.removeItem(key(attemptId));
  } catch {
    // Nothing to clear.
  }
}
