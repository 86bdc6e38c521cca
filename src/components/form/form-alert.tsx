import { Alert, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSubmitFailure } from './field-errors';

/**
 * What the form's last submission could not do (see Form), with the reassurance that nothing typed was
 * lost; nothing once a submission went through. `orFieldsMarked`: also when only fields were marked, to
 * say so and what `children` adds.
 */
export function FormFailureAlert({
  title,
  orFieldsMarked = false,
  children,
}: {
  title: string;
  orFieldsMarked?: boolean;
  children?: ReactNode;
}) {
  const failure = useSubmitFailure();
  const messages =
    orFieldsMarked && failure.fieldsMarked
      ? [...failure.messages, 'See the fields marked below.']
      : failure.messages;
  if (messages.length === 0) return null;
  return (
    <Alert color="red" title={title} role="alert">
      {messages.length === 1 ? (
        <Text size="sm">{messages[0]}</Text>
      ) : (
        <List size="sm">
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
      {children}
      <Text size="sm" mt="xs">
        Your entries are kept in the form.
      </Text>
    </Alert>
  );
}
