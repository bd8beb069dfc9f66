// The psychometric questionnaire: statements on financial behaviour answered on a five-point
// agreement scale. Some statements are worded against the trait (reverse-scored); three pairs
// ask the same thing both ways (a consistency check) and two items ask for a given answer (an
// attention check). A change of wording or scoring is a new version.
import type { PsychometricDimension } from '@lending/contracts';

export const QUESTIONNAIRE_VERSION = 'financial-behaviour-2026-01';

export interface ScoredItem {
  id: string;
  kind: 'scored';
  dimension: PsychometricDimension;
  reverse: boolean;
  en: string;
  ms: string;
}

export interface AttentionItem {
  id: string;
  kind: 'attention';
  /** The dimension it is shown among; it counts towards none. */
  dimension: PsychometricDimension;
  expected: number;
  en: string;
  ms: string;
}

export type QuestionnaireItem = ScoredItem | AttentionItem;

const scored = (
  id: string,
  dimension: PsychometricDimension,
  reverse: boolean,
  en: string,
  ms: string,
): ScoredItem => ({ id, kind: 'scored', dimension, reverse, en, ms });

/** In the order they are shown: dimensions interleaved, twins of a pair apart. */
export const QUESTIONNAIRE: readonly QuestionnaireItem[] = [
  scored(
    'bud1',
    'budgeting',
    false,
    'I plan how I will spend my income each month before the month starts.',
    'Saya merancang cara membelanjakan pendapatan saya setiap bulan sebelum bulan itu bermula.',
  ),
  scored(
    'sav1',
    'saving',
    false,
    'I set aside part of my income as savings every month.',
    'Saya mengetepikan sebahagian daripada pendapatan saya sebagai simpanan setiap bulan.',
  ),
  scored(
    'debt1',
    'debtAttitude',
    false,
    'I always pay my bills and instalments on or before the due date.',
    'Saya sentiasa membayar bil dan ansuran saya pada atau sebelum tarikh akhir.',
  ),
  scored(
    'biz1',
    'businessPlanning',
    false,
    'I keep my business money separate from my personal money.',
    'Saya mengasingkan wang perniagaan daripada wang peribadi saya.',
  ),
  scored(
    'risk1',
    'riskAttitude',
    true,
    'I would put most of my savings into a single investment if it promised high returns.',
    'Saya akan meletakkan kebanyakan simpanan saya dalam satu pelaburan sahaja jika ia menjanjikan pulangan yang tinggi.',
  ),
  scored(
    'bud2',
    'budgeting',
    false,
    'I keep a record of my household or business spending.',
    'Saya menyimpan rekod perbelanjaan isi rumah atau perniagaan saya.',
  ),
  scored(
    'debt2',
    'debtAttitude',
    true,
    'It is acceptable to delay a loan repayment if the lender does not chase me.',
    'Tidak mengapa melewatkan bayaran balik pinjaman jika pemberi pinjaman tidak menuntutnya.',
  ),
  scored(
    'biz2',
    'businessPlanning',
    false,
    "I know my business's monthly sales and costs.",
    'Saya tahu jualan dan kos bulanan perniagaan saya.',
  ),
  {
    id: 'att1',
    kind: 'attention',
    dimension: 'budgeting',
    expected: 2,
    en: 'To show that you are reading carefully, please choose "Disagree" for this statement.',
    ms: 'Untuk menunjukkan bahawa anda membaca dengan teliti, sila pilih "Tidak setuju" bagi kenyataan ini.',
  },
  scored(
    'sav2',
    'saving',
    false,
    'I have savings that would cover at least three months of my expenses.',
    'Saya mempunyai simpanan yang mencukupi untuk sekurang-kurangnya tiga bulan perbelanjaan saya.',
  ),
  scored(
    'risk2',
    'riskAttitude',
    false,
    'Before a major business decision, I consider what could go wrong.',
    'Sebelum membuat keputusan perniagaan yang besar, saya menimbangkan perkara yang mungkin tidak kena.',
  ),
  scored(
    'bud3',
    'budgeting',
    true,
    'I often run out of money before the end of the month.',
    'Saya sering kehabisan wang sebelum hujung bulan.',
  ),
  scored(
    'debt3',
    'debtAttitude',
    false,
    'I borrow only when I have a clear plan to repay.',
    'Saya meminjam hanya apabila saya mempunyai rancangan yang jelas untuk membayar balik.',
  ),
  scored(
    'biz3',
    'businessPlanning',
    false,
    'I have a written plan for how the loan will be used in my business.',
    'Saya mempunyai rancangan bertulis tentang cara pinjaman ini akan digunakan dalam perniagaan saya.',
  ),
  scored(
    'sav3',
    'saving',
    true,
    'I spend money as soon as I receive it.',
    'Saya membelanjakan wang sebaik sahaja saya menerimanya.',
  ),
  scored(
    'risk3',
    'riskAttitude',
    false,
    'I have a backup plan if my main source of income stops.',
    'Saya mempunyai rancangan sandaran jika sumber pendapatan utama saya terhenti.',
  ),
  scored(
    'bud4',
    'budgeting',
    false,
    'I compare prices before making a large purchase.',
    'Saya membandingkan harga sebelum membuat pembelian yang besar.',
  ),
  scored(
    'debt4',
    'debtAttitude',
    true,
    'I have used one loan or credit card to pay off another.',
    'Saya pernah menggunakan satu pinjaman atau kad kredit untuk melunaskan yang lain.',
  ),
  scored(
    'biz4',
    'businessPlanning',
    false,
    'I review how my business is doing at least once a month.',
    'Saya menyemak prestasi perniagaan saya sekurang-kurangnya sebulan sekali.',
  ),
  {
    id: 'att2',
    kind: 'attention',
    dimension: 'debtAttitude',
    expected: 5,
    en: 'Please choose "Strongly agree" for this statement.',
    ms: 'Sila pilih "Sangat setuju" bagi kenyataan ini.',
  },
  scored(
    'sav4',
    'saving',
    true,
    'Saving regularly is not important to me at this stage of my life.',
    'Menyimpan wang secara tetap tidak penting bagi saya pada peringkat hidup ini.',
  ),
  scored(
    'risk4',
    'riskAttitude',
    true,
    'I enjoy taking financial gambles.',
    'Saya gemar mengambil risiko kewangan seperti berjudi.',
  ),
  scored(
    'bud5',
    'budgeting',
    true,
    'At the end of the month I usually do not know where my money went.',
    'Pada hujung bulan, saya biasanya tidak tahu ke mana wang saya dibelanjakan.',
  ),
  scored(
    'biz5',
    'businessPlanning',
    true,
    'I make business decisions without looking at the numbers.',
    'Saya membuat keputusan perniagaan tanpa melihat angka.',
  ),
  scored(
    'debt5',
    'debtAttitude',
    true,
    'I sometimes pay my instalments late.',
    'Kadang-kadang saya membayar ansuran saya lewat.',
  ),
];

/** Statements that say the same thing both ways: [worded for, worded against]. */
export const CONSISTENCY_PAIRS: readonly (readonly [string, string])[] = [
  ['bud2', 'bud5'],
  ['sav1', 'sav4'],
  ['debt1', 'debt5'],
];

export const AGREEMENT_SCALE = {
  EN: ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'],
  MS: ['Sangat tidak setuju', 'Tidak setuju', 'Neutral', 'Setuju', 'Sangat setuju'],
} as const;
