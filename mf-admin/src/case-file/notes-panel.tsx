import { type CaseFileNote, NOTE_MAX_LENGTH } from '@lending/contracts';
import { errorMessage, useLanguage, useT } from '@lending/platform';
import { Box, Button, ErrorNotice, Field, Stack, SuccessNotice, Text, Textarea } from '@lending/ui';
import { type FormEvent, useRef, useState } from 'react';

import { caseFileApi } from './case-file-api';
import { dateTimeText, staffText } from './format';

/** Internal notes: staff only, never shown to the applicant. */
export function NotesPanel(props: {
  applicationId: string;
  notes: CaseFileNote[];
  onAdded: () => void;
}) {
  const { t } = useT('admin-case-file');
  const language = useLanguage();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    if (!body.trim()) {
      setProblem(t('notes.required'));
      field.current?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await caseFileApi.addNote(props.applicationId, body.trim());
      setBody('');
      setSaved(true);
      props.onAdded();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Text fontSize="sm" color="gray.600">
        {t('notes.staffOnly')}
      </Text>
      {props.notes.length === 0 ? (
        <Text>{t('notes.none')}</Text>
      ) : (
        <Stack as="ol" gap={3} listStyleType="none" m={0} p={0} data-testid="case-notes">
          {props.notes.map((note) => (
            <Box as="li" key={note.id} borderWidth="1px" borderRadius="md" p={3}>
              <Text whiteSpace="pre-wrap" wordBreak="break-word">
                {note.body}
              </Text>
              <Text fontSize="sm" color="gray.600" mt={1}>
                {t('notes.by', {
                  who: staffText(note.author) ?? t('notes.unknownAuthor'),
                  when: dateTimeText(note.createdAt, language),
                })}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('notes.add')}>
        <Stack gap={3}>
          <Field.Root required invalid={problem !== null}>
            <Field.Label>{t('notes.label')}</Field.Label>
            <Textarea
              ref={field}
              name="note"
              value={body}
              maxLength={NOTE_MAX_LENGTH}
              rows={4}
              onChange={(event) => setBody(event.target.value)}
            />
            <Field.HelperText>
              {t('notes.remaining', { count: NOTE_MAX_LENGTH - body.length })}
            </Field.HelperText>
            <Field.ErrorText>{problem}</Field.ErrorText>
          </Field.Root>
          <Box aria-live="polite">{saved ? <SuccessNotice title={t('notes.saved')} /> : null}</Box>
          {failure ? <ErrorNotice title={t('notes.failed')} description={failure} /> : null}
          <Box>
            <Button type="submit" loading={busy}>
              {t('notes.add')}
            </Button>
          </Box>
        </Stack>
      </form>
    </Stack>
  );
}
