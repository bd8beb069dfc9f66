import type { useT } from '@lending/platform';
import { Button, Field, Flex, NativeSelect, Text } from '@lending/ui';

const NUMBER = new Intl.NumberFormat('en-MY');

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The page sizes offered; without them the size stays as it is. */
  sizes?: readonly number[];
  onPage: (page: number, size: number) => void;
  /** The screen's own words, so each list names what its pages hold. */
  words: PagerWords;
}

export interface PagerWords {
  label: string;
  previous: string;
  next: string;
  /** "Page 1 of 3", given the page and the number of pages. */
  page: (page: string, pages: string) => string;
  /** Beside the page size choice; only with `sizes`. */
  pageSize?: string;
}

/** The pager's words from a screen's own `paging.*` keys (label, previous, next, page, pageSize):
 *  each list words them in its namespace. */
export function pagerWords(t: ReturnType<typeof useT>['t']): PagerWords {
  return {
    label: t('paging.label'),
    previous: t('paging.previous'),
    next: t('paging.next'),
    page: (page, pages) => t('paging.page', { page, pages }),
    pageSize: t('paging.pageSize'),
  };
}

/** Previous and next through a list paged on the server, and how many rows a page holds. */
export function Pager({ page, pageSize, total, sizes, onPage, words }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Flex as="nav" aria-label={words.label} gap={3} align="center" wrap="wrap">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1, pageSize)}
      >
        {words.previous}
      </Button>
      <Text>{words.page(NUMBER.format(page), NUMBER.format(pages))}</Text>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1, pageSize)}
      >
        {words.next}
      </Button>
      {sizes ? (
        <Field.Root width="auto" orientation="horizontal" gap={2}>
          <Field.Label whiteSpace="nowrap">{words.pageSize}</Field.Label>
          <NativeSelect.Root size="sm" width="5.5rem">
            <NativeSelect.Field
              value={String(pageSize)}
              onChange={(event) => onPage(1, Number(event.target.value))}
            >
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ) : null}
    </Flex>
  );
}
