import { MASTER_TEMPLATE_ENTITY_IDS } from '@lending/contracts';

import { fillPlaceholders, readTemplate, shippedTemplate } from './template';

const read = (lines: string[]) => readTemplate(Buffer.from(lines.join('\n'), 'utf8'));
const problemsOf = (lines: string[]) =>
  read(lines).problems.map((problem) => [problem.line, problem.problem, problem.text]);

const GOOD = [
  '# notes are not printed',
  'TITLE MS: NOTIS',
  'TITLE EN: Notice',
  '',
  'HEADING MS: 1. Hubungi kami',
  'HEADING EN: 1. Contact us',
  'BODY MS: Tulis kepada {{lenderName}},',
  '{{ address }}.',
  '',
  'BODY EN: Write to {{lenderName}}, {{address}}.',
  'heading ms: 2. Lesen',
  'Heading En: 2. Licence',
  'BODY MS: Lesen {{licenceNo}}.',
  'BODY EN: Licence {{licenceNo}}.',
];

describe('a document template', () => {
  it('reads a title and sections in both languages, a text going on over its next lines', () => {
    expect(read(GOOD)).toEqual({
      template: {
        titleMs: 'NOTIS',
        titleEn: 'Notice',
        sections: [
          {
            headingMs: '1. Hubungi kami',
            headingEn: '1. Contact us',
            bodyMs: 'Tulis kepada {{lenderName}}, {{ address }}.',
            bodyEn: 'Write to {{lenderName}}, {{address}}.',
          },
          {
            headingMs: '2. Lesen',
            headingEn: '2. Licence',
            bodyMs: 'Lesen {{licenceNo}}.',
            bodyEn: 'Licence {{licenceNo}}.',
          },
        ],
      },
      problems: [],
    });
  });

  it('takes Windows line ends and a byte-order mark', () => {
    const bytes = Buffer.from(`\uFEFF${GOOD.join('\r\n')}`, 'utf8');
    expect(readTemplate(bytes).template?.sections).toHaveLength(2);
  });

  it('lists every bad line with its number', () => {
    expect(
      problemsOf([
        'TITLE MS: NOTIS',
        'TITLE EN: Notice',
        'HEADING MS: 1. Satu',
        'HEADING EN: 1. One',
        'BODY MS: Hubungi {{phone}}.',
        // No English body in section 1.
        'HEADING MS: 2. Dua',
        'HEADING EN: 2. Two',
        'BODY MS: Kepada {{lenderName}.',
        'BODY EN: To {{lenderName}}}.',
        'BODY EN: Again.',
        'HEADING EN: 3. Three',
        'BODY MS: Tiga.',
        'BODY EN: Three.',
      ]),
    ).toEqual([
      [3, 'LANGUAGE', 'BODY EN'],
      [5, 'PLACEHOLDER', 'BODY MS: Hubungi {{phone}}.'],
      [8, 'BRACES', 'BODY MS: Kepada {{lenderName}.'],
      [9, 'BRACES', 'BODY EN: To {{lenderName}}}.'],
      [10, 'DUPLICATE', 'BODY EN: Again.'],
      [11, 'LANGUAGE', 'HEADING MS'],
    ]);
  });

  it('refuses text before any key, a missing title language, and a file without sections', () => {
    expect(problemsOf(['Just some words', 'TITLE EN: Notice'])).toEqual([
      [0, 'NO_SECTIONS', ''],
      [1, 'LINE', 'Just some words'],
      [2, 'LANGUAGE', 'TITLE MS'],
    ]);
  });

  it('refuses an empty file, one of notes only, and bytes that are not UTF-8 text', () => {
    expect(problemsOf([])).toEqual([[0, 'EMPTY', '']]);
    expect(problemsOf(['# only a note', '   '])).toEqual([[0, 'EMPTY', '']]);
    expect(readTemplate(Buffer.from([0xff, 0xfe, 0x00, 0x41])).problems).toEqual([
      { line: 0, problem: 'FORMAT', text: '' },
    ]);
  });

  it('refuses texts too long and too many sections', () => {
    const long = [...GOOD.slice(0, 13), `BODY EN: ${'a'.repeat(4001)}`];
    expect(problemsOf(long)).toEqual([[14, 'TOO_LONG', '4001']]);
    const heading = ['TITLE MS: T', `TITLE EN: ${'b'.repeat(201)}`, ...GOOD.slice(4)];
    expect(problemsOf(heading)).toEqual([[2, 'TOO_LONG', '201']]);
    const many = [
      'TITLE MS: T',
      'TITLE EN: T',
      ...Array.from({ length: 51 }, (_, n) => [
        `HEADING MS: ${n}`,
        `HEADING EN: ${n}`,
        'BODY MS: x',
        'BODY EN: x',
      ]).flat(),
    ];
    expect(problemsOf(many)).toEqual([[0, 'TOO_MANY', '51']]);
  });

  it('fills the placeholders with the lender’s particulars', () => {
    expect(
      fillPlaceholders('{{lenderName}} ({{ registrationNo }}), {{licenceNo}}: {{address}}', {
        lenderName: 'ArkCash Credit Sdn. Bhd.',
        registrationNo: '201901012345',
        licenceNo: 'WL6512',
        address: 'Kuala Lumpur',
      }),
    ).toBe('ArkCash Credit Sdn. Bhd. (201901012345), WL6512: Kuala Lumpur');
  });

  it('ships templates that read without a problem', () => {
    for (const entityId of MASTER_TEMPLATE_ENTITY_IDS) {
      const shipped = shippedTemplate(entityId);
      expect(readTemplate(shipped.bytes).problems).toEqual([]);
      expect(shipped.template.sections.length).toBeGreaterThan(3);
    }
  });
});
