import { clearProgress, loadProgress, saveProgress } from './saved-answers';

describe('saved psychometric answers', () => {
  it('keeps the answers and the page of an attempt across a reload', () => {
    saveProgress('attempt-1', { answers: { bud1: 4, sav1: 2 }, page: 1 });
    expect(loadProgress('attempt-1')).toEqual({ answers: { bud1: 4, sav1: 2 }, page: 1 });
    expect(loadProgress('attempt-2')).toEqual({ answers: {}, page: 0 });
  });

  it('forgets an attempt once it is submitted', () => {
    saveProgress('attempt-3', { answers: { bud1: 5 }, page: 0 });
    clearProgress('attempt-3');
    expect(loadProgress('attempt-3')).toEqual({ answers: {}, page: 0 });
  });
});
