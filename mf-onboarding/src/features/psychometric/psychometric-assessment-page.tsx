import type { PsychometricQuestionnaire, PsychometricResult } from '@lending/contracts';
import { errorMessage, navigate, psychometricApi, useLanguage, useT } from '@lending/platform';
import {
  Alert,
  Box,
  Button,
  ErrorNotice,
  HStack,
  PageFrame,
  Spinner,
  Stack,
  Text,
} from '@lending/ui';
import { Progress } from '@lending/ui/screens';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';

import { useCurrentApplication } from '../../hooks/use-current-application';
import { SignInNeeded } from '../../journey/sign-in-needed';
import { clearProgress, loadProgress, saveProgress } from './saved-answers';

const PAGE_SIZE = 5;

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; questionnaire: PsychometricQuestionnaire };

/** The test itself: five statements a page, answers kept in the tab, scored on the server. */
export function PsychometricAssessmentPage() {
  const { t } = useT('onboarding-psychometric');
  const language = useLanguage();
  const current = useCurrentApplication().state;
  const applicationId = current.status === 'ready' ? current.application.id : null;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [page, setPage] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<PsychometricResult | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!applicationId) return;
    let cancelled = false;
    setLoad({ status: 'loading' });
    psychometricApi.questions(applicationId, language).then(
      (questionnaire) => {
        if (cancelled) return;
        const saved = loadProgress(questionnaire.attemptId);
        setAnswers(saved.answers);
        setPage(saved.page);
        setLoad({ status: 'ready', questionnaire });
      },
      (error: unknown) => {
        if (!cancelled) setLoad({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [applicationId, language, round]);

  const questionnaire = load.status === 'ready' ? load.questionnaire : null;
  const remember = useCallback(
    (next: Record<string, number>, nextPage: number) => {
      if (questionnaire) saveProgress(questionnaire.attemptId, { answers: next, page: nextPage });
    },
    [questionnaire],
  );

  const frame = (body: ReactNode) => (
    <PageFrame title={t('assessment.title')}>
      <Box maxW="48rem" data-testid="screen-psychometricAssessment">
        {body}
      </Box>
    </PageFrame>
  );

  if (current.status === 'signedOut') return frame(<SignInNeeded purpose="application" />);
  // No test to take: said, with the way home (the home card says what comes next).
  const notOpen = (message: string) =>
    frame(
      <Stack gap={4} align="flex-start" data-testid="psychometric-not-open">
        <ErrorNotice title={message} />
        <Button colorPalette="brand" onClick={() => navigate('/home')}>
          {t('result.home')}
        </Button>
      </Stack>,
    );
  if (current.status === 'none' || current.status === 'failed') return notOpen(t('errors.notOpen'));
  if (result) {
    const valid = result.outcome === 'VALID';
    return frame(
      <Stack gap={4} align="flex-start" data-testid="psychometric-result">
        <Alert.Root status={valid ? 'success' : 'warning'} role="status">
          <Alert.Indicator />
          <Alert.Title>{t(valid ? 'result.valid' : 'result.invalid')}</Alert.Title>
        </Alert.Root>
        {!valid ? (
          <Stack as="ul" gap={1} ps={5} listStyleType="disc">
            {result.invalidReasons.map((reason) => (
              <Text as="li" key={reason}>
                {t(`result.reasons.${reason}`)}
              </Text>
            ))}
          </Stack>
        ) : null}
        {valid ? (
          <Button colorPalette="brand" onClick={() => navigate('/home')}>
            {t('result.home')}
          </Button>
        ) : (
          <Button
            colorPalette="brand"
            onClick={() => {
              setResult(null);
              setAnswers({});
              setPage(0);
              setRound((n) => n + 1);
            }}
            data-testid="psychometric-again"
          >
            {t('result.again')}
          </Button>
        )}
      </Stack>,
    );
  }
  if (load.status === 'failed') {
    return notOpen(
      load.message === 'The psychometric test is not open for this application'
        ? t('errors.notOpen')
        : load.message,
    );
  }
  if (!questionnaire) return frame(<Spinner aria-label={t('loading')} />);

  const questions = questionnaire.questions;
  const pages = Math.ceil(questions.length / PAGE_SIZE);
  const shown = questions.slice(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE);
  const answered = questions.filter((q) => answers[q.id] !== undefined).length;
  const pageComplete = shown.every((q) => answers[q.id] !== undefined);
  const last = page === pages - 1;

  const choose = (questionId: string, value: number) => {
    const next = { ...answers, [questionId]: value };
    setAnswers(next);
    remember(next, page);
  };
  const goTo = (nextPage: number) => {
    setPage(nextPage);
    remember(answers, nextPage);
    if (typeof window !== 'undefined') window.scrollTo?.({ top: 0 });
  };
  const submit = async () => {
    if (!applicationId) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const outcome = await psychometricApi.submit(applicationId, {
        attemptId: questionnaire.attemptId,
        answers,
      });
      clearProgress(questionnaire.attemptId);
      setResult(outcome);
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message === 'Please answer every question' ? t('errors.incomplete') : message);
    } finally {
      setSubmitting(false);
    }
  };

  return frame(
    <Stack gap={6}>
      <Text>{t('assessment.instructions')}</Text>
      <Stack gap={1}>
        <Text fontSize="sm" id="psychometric-progress">
          {t('assessment.progress', { answered, total: questions.length, page: page + 1, pages })}
        </Text>
        <Progress.Root
          value={Math.round((answered / questions.length) * 100)}
          size="sm"
          aria-labelledby="psychometric-progress"
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Stack>
      {shown.map((question, index) => (
        <Box
          as="fieldset"
          key={question.id}
          borderWidth="1px"
          borderRadius="md"
          p={4}
          data-testid={`question-${question.id}`}
        >
          <Text as="legend" fontWeight="semibold" px={1}>
            {page * PAGE_SIZE + index + 1}. {question.text}
          </Text>
          <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: 2, md: 4 }} mt={2}>
            {questionnaire.scale.map((option) => (
              <HStack as="label" key={option.value} gap={2} cursor="pointer" minH="44px">
                <input
                  type="radio"
                  name={question.id}
                  value={option.value}
                  checked={answers[question.id] === option.value}
                  onChange={() => choose(question.id, option.value)}
                />
                <Text as="span">{option.label}</Text>
              </HStack>
            ))}
          </Stack>
        </Box>
      ))}
      {failure ? <ErrorNotice title={failure} /> : null}
      {!pageComplete ? (
        <Text fontSize="sm" color="gray.700" role="status" id="psychometric-continue-hint">
          {t('assessment.answerAll')}
        </Text>
      ) : null}
      <HStack justify="space-between">
        <Button variant="outline" disabled={page === 0} onClick={() => goTo(page - 1)}>
          {t('assessment.previous')}
        </Button>
        {last ? (
          <Button
            colorPalette="brand"
            disabled={answered < questions.length}
            aria-describedby={pageComplete ? undefined : 'psychometric-continue-hint'}
            loading={submitting}
            loadingText={t('assessment.submitting')}
            onClick={() => void submit()}
            data-testid="psychometric-submit"
          >
            {t('assessment.submit')}
          </Button>
        ) : (
          <Button
            colorPalette="brand"
            disabled={!pageComplete}
            aria-describedby={pageComplete ? undefined : 'psychometric-continue-hint'}
            onClick={() => goTo(page + 1)}
            data-testid="psychometric-next"
          >
            {t('assessment.next')}
          </Button>
        )}
      </HStack>
    </Stack>,
  );
}
