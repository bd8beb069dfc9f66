import { Box, Button, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { type DragEvent, useRef, useState } from 'react';

export interface FileDropProps {
  /** The file input's id (tests and labels reach it by its label). */
  id: string;
  /** What the input is for, read by screen readers: "Add files: Bank statement". */
  label: string;
  /** "Drag and drop files here, or" */
  prompt: string;
  /** "Choose files" */
  browseLabel: string;
  /** Content types offered in the file dialog; the caller still checks what arrives. */
  accept: readonly string[];
  multiple?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of the rule text and the error, tied to the input. */
  describedBy?: string;
  onFiles: (files: File[]) => void;
}

/** A drop zone with a button to browse: click, keyboard (the button) and drag and drop. */
export function FileDrop(props: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length > 0 && !props.disabled)
      props.onFiles(props.multiple ? files : files.slice(0, 1));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <Box
      data-testid={`${props.id}-drop`}
      borderWidth="2px"
      borderStyle="dashed"
      borderRadius="md"
      borderColor={props.invalid ? 'red.500' : dragging ? 'brand.secondary' : 'gray.300'}
      // A faded box would drop the prompt below readable contrast; a grey ground says "not now".
      bg={props.disabled ? 'gray.100' : dragging ? 'gray.50' : undefined}
      cursor={props.disabled ? 'not-allowed' : undefined}
      px={4}
      py={5}
      textAlign="center"
      onDragOver={(event) => {
        event.preventDefault();
        if (!props.disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Stack gap={2} align="center">
        <Text color="gray.700">{props.prompt}</Text>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={props.disabled}
          aria-describedby={props.describedBy}
          onClick={() => input.current?.click()}
        >
          {props.browseLabel}
        </Button>
      </Stack>
      <VisuallyHidden>
        <input
          ref={input}
          id={props.id}
          type="file"
          tabIndex={-1}
          aria-label={props.label}
          aria-describedby={props.describedBy}
          aria-invalid={props.invalid || undefined}
          accept={props.accept.join(',')}
          multiple={props.multiple}
          disabled={props.disabled}
          onChange={(event) => {
            take(event.target.files);
            // The same file picked again after a refusal must still fire a change.
            event.target.value = '';
          }}
        />
      </VisuallyHidden>
    </Box>
  );
}
